import { z } from 'zod'
import { APPROVE_TABS } from '../../../src/domain/basket-status'
import { DEFAULT_ORDER_SORT, orderSort } from '../../../src/contract/orders'

// /order-approve/ search params: tab, basket-number filter, sort, page and a preselected
// basket — all in the URL, so a pasted link opens the same view. Bad values fall back.
export const approveSearch = z.object({
  tab: z.enum(APPROVE_TABS).default('open').catch('open'),
  number: z.string().max(64).default('').catch(''),
  sort: orderSort.default(DEFAULT_ORDER_SORT).catch(DEFAULT_ORDER_SORT),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1).catch(1),
  order: z.string().max(64).optional().catch(undefined),
})
export type ApproveSearch = z.infer<typeof approveSearch>
export const APPROVE_DEFAULTS = { tab: 'open', number: '', sort: DEFAULT_ORDER_SORT, page: 1 } as const
