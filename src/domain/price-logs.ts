// Kinds of price log (spec section 3).

export const PRICE_LOG_KINDS = ['basket', 'upload', 'manual'] as const
