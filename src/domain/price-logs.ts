// Kinds of price log (spec section 3), the price-log filters and sorts (spec sections 5 and 7).

export const PRICE_LOG_KINDS = ['basket', 'upload', 'manual'] as const

export const PRICE_LOG_FILTER_KEYS = ['article_uid', 'contact', 'company', 'order_number__contains', 'price'] as const
export type PriceLogFilterKey = (typeof PRICE_LOG_FILTER_KEYS)[number]
export type PriceLogFilters = Partial<Record<PriceLogFilterKey, string>>

export const PRICE_LOG_SORTS = ['date', 'kind', 'basket_number', 'article_uid', 'article_type', 'price', 'company', 'contact'] as const
export const PRICE_ROW_SORTS = ['type', 'item_number', 'quantity', 'item_price', 'oprice', 'price'] as const

/** Several filters travel as one `key:value` list joined by ":::". */
export const FILTER_SEPARATOR = ':::'

export function joinPriceLogFilters(filters: PriceLogFilters): string {
  return PRICE_LOG_FILTER_KEYS.flatMap((key) => {
    const value = filters[key]?.trim().replaceAll(FILTER_SEPARATOR, ' ')
    return value ? [`${key}:${value}`] : []
  }).join(FILTER_SEPARATOR)
}

/** The filters of a joined list; an unknown key or a part without ':' is named as the problem. */
export function splitPriceLogFilters(joined: string): { filters: PriceLogFilters } | { problem: string } {
  const filters: PriceLogFilters = {}
  for (const part of joined.split(FILTER_SEPARATOR)) {
    if (part.trim() === '') continue
    const colon = part.indexOf(':')
    const key = PRICE_LOG_FILTER_KEYS.find((known) => known === part.slice(0, colon).trim())
    if (colon < 0 || !key) return { problem: part.slice(0, 40) }
    const value = part.slice(colon + 1).trim()
    if (value) filters[key] = value
  }
  return { filters }
}
