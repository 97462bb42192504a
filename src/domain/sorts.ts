// The sort keys of the paged lists, and what a sort parameter takes: a key ascending, or with a
// leading "-" descending. Free of zod, so the route search schemas (loaded with every page) use
// them without the contracts that define the endpoints.

/** Every value a sort parameter over `keys` takes. */
export const sortKeys = <T extends string>(keys: ReadonlyArray<T>) => [...keys, ...keys.map((key) => `-${key}` as const)]

export const ORDER_SORTS = ['basket_number', 'created', 'last_status_update', 'status', 'customer', 'name1'] as const
export type OrderSort = (typeof ORDER_SORTS)[number]
export const DEFAULT_ORDER_SORT = '-created'

export const USER_SORTS = ['email', 'name', 'company', 'last_login'] as const
