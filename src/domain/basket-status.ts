// Basket status codes 0–6 and the three approve tabs.
export const BASKET_STATUSES = [0, 1, 2, 3, 4, 5, 6] as const
export type BasketStatus = (typeof BASKET_STATUSES)[number]

export const BASKET_STATUS_KEY: Record<BasketStatus, string> = {
  0: 'open',
  1: 'unknown',
  2: 'wait_for_approval',
  3: 'ready',
  4: 'analyzing',
  5: 'ready_for_production',
  6: 'error',
}

export const WAIT_FOR_APPROVAL: BasketStatus = 2

export const APPROVE_TABS = ['open', 'in_process', 'finished'] as const
export type ApproveTab = (typeof APPROVE_TABS)[number]

export function approveTabOf(status: number): ApproveTab {
  if (status <= 2) return 'open'
  if (status <= 4) return 'in_process'
  return 'finished'
}

export const BASKET_ACTIONS = ['approve', 'reset', 'status_refresh', 'create'] as const
