import { z } from 'zod'
import { sortOf } from './paging'
import { APPROVE_TABS, BASKET_STATUSES } from '../domain/basket-status'
import { NO_BODY, NO_PARAMS, NO_QUERY, defineEndpoint } from './endpoint'
import { pair } from './envelope'
import { approvalNumber, basketNumber } from './field-rules'
import { DEFAULT_ORDER_SORT, ORDER_SORTS } from '../domain/sorts'

// Orders area: the production baskets staff approve and reset.
// A basket number follows the spec's rule (field-rules.ts); a refusal says which part it breaks.
const basketParam = z.object({ basket: basketNumber })
const numberParam = z.object({ number: basketNumber })

export { DEFAULT_ORDER_SORT, ORDER_SORTS, type OrderSort } from '../domain/sorts'
export const orderSort = sortOf(ORDER_SORTS)

const status = z.union(BASKET_STATUSES.map((code) => z.literal(code)))

export const order = z
  .object({
    basket_number: z.string(),
    line__name: z.string(),
    status,
    created: z.string(),
    last_status_update: z.string(),
    approval_number: z.string().nullable(),
    name1: z.string(),
    name2: z.string(),
    zip: z.string(),
    country: z.string(),
    query_pending: z.boolean(),
    customer: z.string(),
    auto_approve: z.boolean(),
    company: pair(z.number().int()),
    placed_by: pair(z.number().int()).nullable(),
    /** Waiting for approval and not placed by the caller. */
    can_approve: z.boolean(),
  })
  .meta({ id: 'Order' })
export type Order = z.infer<typeof order>

/**
 * The most baskets one answer carries. The spec's call (`?dealer=` alone) answers every tab at
 * once, as the legacy client makes the tabs itself; a tree with more baskets gets the newest
 * this many and says so in `pages` and `total` (decision 019).
 */
export const BASKET_LIST_MAX = 10_000

export const basketListQuery = z.object({
  dealer: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  // Without a tab: the baskets of every tab. Our approve screen names its tab and page size.
  tab: z.enum(APPROVE_TABS).optional(),
  number: z.string().max(64).default(''),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  number_per_page: z.coerce.number().int().min(1).max(BASKET_LIST_MAX).default(BASKET_LIST_MAX),
  sort: orderSort.default(DEFAULT_ORDER_SORT),
  /** A basket to preselect: the answer opens its tab and the page it is on. */
  order: z.string().max(64).optional(),
})

export type BasketListQuery = z.infer<typeof basketListQuery>

export const basketListEndpoint = defineEndpoint({
  id: 'orders.list',
  area: 'orders',
  method: 'GET',
  path: '/vue/basket/list/',
  summary: `Baskets of the companies in scope (of \`dealer\` and below when given), with the count of every tab. Without paging parameters: every basket, newest first (at most ${BASKET_LIST_MAX}; \`pages\` and \`total\` say when there are more). \`tab\`, \`page\` and \`number_per_page\` ask for one approve tab and page; \`number\` filters by basket number; \`order\` preselects a basket with its tab and the page it is on. A page past the last is a 404.`,
  access: { kind: 'permission', permission: 'CAN_APPROVE_ORDER' },
  scope: { company: 'query.dealer' },
  failures: [404],
  paged: true,
  params: NO_PARAMS,
  query: basketListQuery,
  body: NO_BODY,
  data: z.object({
    orders: z.array(order),
    counts: z.object({ open: z.number().int(), in_process: z.number().int(), finished: z.number().int() }),
    // null: every tab.
    tab: z.enum(APPROVE_TABS).nullable(),
    page: z.number().int(),
    pages: z.number().int(),
    total: z.number().int(),
    selected: z.string().nullable(),
  }),
})

export const basketStatus = z
  .object({
    basket_number: z.string(),
    order_status: status,
    last_status_update: z.string(),
    approval_number: z.string().nullable(),
  })
  .meta({ id: 'BasketStatus' })
export type BasketStatusAnswer = z.infer<typeof basketStatus>

export const basketStatusEndpoint = defineEndpoint({
  id: 'orders.status',
  area: 'orders',
  method: 'GET',
  path: '/vue/basket/{basket}/status/',
  summary: 'The current status of a basket.',
  access: { kind: 'permission', permission: 'CAN_APPROVE_ORDER' },
  failures: [404],
  params: basketParam,
  query: NO_QUERY,
  body: NO_BODY,
  data: basketStatus,
})

export const basketApproveEndpoint = defineEndpoint({
  id: 'orders.approve',
  area: 'orders',
  method: 'POST',
  path: '/vue/basket/{basket}/approve/',
  summary: 'Approve a basket that waits for approval, with the approver’s approval number. Nobody approves a basket they placed.',
  access: { kind: 'permission', permission: 'CAN_APPROVE_ORDER' },
  failures: [404, 409],
  params: basketParam,
  query: z.object({ approvalNumber }),
  body: NO_BODY,
  data: basketStatus,
})

export const basketResetEndpoint = defineEndpoint({
  id: 'orders.reset',
  area: 'orders',
  method: 'POST',
  path: '/vue/basket/{number}/reset/',
  summary: 'Reset a basket to open (only when its status is above 0).',
  access: { kind: 'permission', permission: 'CAN_APPROVE_ORDER' },
  failures: [404, 409],
  params: numberParam,
  query: NO_QUERY,
  body: NO_BODY,
  data: basketStatus,
})

export const historyEntry = z
  .object({
    at: z.string(),
    action: z.enum(['approve', 'reset', 'status_refresh', 'create']),
    from: status.nullable(),
    to: status.nullable(),
    actor: pair(z.number().int()).nullable(),
    /** Who really acted, when it differs from the actor (a switched user). */
    real_actor: pair(z.number().int()).nullable(),
    approval_number: z.string().nullable(),
  })
  .meta({ id: 'BasketHistoryEntry' })
export type HistoryEntry = z.infer<typeof historyEntry>

export const basketHistoryEndpoint = defineEndpoint({
  id: 'orders.history',
  area: 'orders',
  method: 'GET',
  path: '/vue/basket/{basket}/history/',
  summary: 'Every action on a basket: who, when, from which status to which.',
  access: { kind: 'permission', permission: 'CAN_APPROVE_ORDER' },
  failures: [404],
  params: basketParam,
  query: NO_QUERY,
  body: NO_BODY,
  data: z.object({ history: z.array(historyEntry) }),
})
