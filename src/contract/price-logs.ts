import { z } from 'zod'
import { sortOf } from './paging'
import { PRICE_LOGS_PER_PAGE } from '../domain/limits'
import { PRICE_LOG_FILTER_KEYS, PRICE_LOG_SORTS, PRICE_ROW_SORTS } from '../domain/price-logs'
import { NO_BODY, defineEndpoint } from './endpoint'
import { pair } from './envelope'

// Prices area, logs: the paged price logs and the rows of one.
// `filter` is `key:value` pairs joined by ":::" (keys in PRICE_LOG_FILTER_KEYS).

const paging = {
  number_per_page: z.coerce.number().int().min(1).max(200).default(PRICE_LOGS_PER_PAGE),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
}

export const priceLogEntry = z
  .object({
    id: z.number().int(),
    date: z.string(),
    kind: z.enum(['basket', 'upload', 'manual']),
    basket_number: z.string().nullable(),
    article_uid: z.string().nullable(),
    article_type: z.string().nullable(),
    price: z.string().nullable(),
    company: pair(z.number().int()).nullable(),
    contact: pair(z.number().int()).nullable(),
    rows: z.number().int(),
  })
  .meta({ id: 'PriceLogEntry' })
export type PriceLogEntry = z.infer<typeof priceLogEntry>

export const priceLogsEndpoint = defineEndpoint({
  id: 'prices.logs',
  area: 'prices',
  method: 'GET',
  path: '/vue/price/logs/',
  summary: `Price logs of the companies in scope, paged and sorted (prefix - for descending). filter: key:value pairs joined by ":::", keys ${PRICE_LOG_FILTER_KEYS.join(', ')}.`,
  access: { kind: 'permission', permission: 'SEE_PRICELOGS' },
  failures: [404],
  paged: true,
  params: z.object({}),
  query: z.object({ ...paging, sort: sortOf(PRICE_LOG_SORTS).default('-date'), filter: z.string().max(1000).default('') }),
  body: NO_BODY,
  data: z.object({ pages: z.number().int(), no_of_logs: z.number().int(), entries: z.array(priceLogEntry) }),
})

export const priceDetailRow = z
  .object({
    type: z.string(),
    item_number: z.string(),
    quantity: z.number().int(),
    width: z.number().int(),
    height: z.number().int(),
    depth: z.number().int(),
    discount: z.string(),
    item_price: z.string(),
    oprice: z.string().nullable(),
    price: z.string(),
  })
  .meta({ id: 'PriceDetailRow' })
export type PriceDetailRow = z.infer<typeof priceDetailRow>

export const priceLogEndpoint = defineEndpoint({
  id: 'prices.log',
  area: 'prices',
  method: 'GET',
  path: '/vue/price/log/{id}/',
  summary: 'One price log and a page of its rows (an upload log can hold a million rows).',
  access: { kind: 'permission', permission: 'SEE_PRICELOGS' },
  failures: [404],
  paged: true,
  params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
  query: z.object({ ...paging, sort: sortOf(PRICE_ROW_SORTS).optional() }),
  body: NO_BODY,
  data: z.object({ log: priceLogEntry, rows: z.array(priceDetailRow), pages: z.number().int(), no_of_rows: z.number().int() }),
})
