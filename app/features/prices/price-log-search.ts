import { z } from 'zod'
import { priceLogEndpoint, priceLogsEndpoint } from '../../../src/contract/price-logs'
import { joinPriceLogFilters } from '../../../src/domain/price-logs'

// /price-logs/ and /detail-price/{pid} search params: page, sort and the five filters, each
// under its own name so a shared link is readable. Bad values fall back to the defaults.
const text = z.string().max(200).default('').catch('')

export const priceLogsSearch = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1).catch(1),
  sort: priceLogsEndpoint.query.shape.sort.catch('-date'),
  article_uid: text,
  contact: text,
  company: text,
  order_number__contains: text,
  price: text,
})
export type PriceLogsSearch = z.infer<typeof priceLogsSearch>
export const PRICE_LOGS_DEFAULTS = { page: 1, sort: '-date', article_uid: '', contact: '', company: '', order_number__contains: '', price: '' } as const
export const PRICE_LOG_FILTERS = ['article_uid', 'contact', 'company', 'order_number__contains', 'price'] as const

/** The call's query: the filters joined by ":::" as the /vue/ API takes them. */
export function logsQuery(search: PriceLogsSearch) {
  return { page: search.page, sort: search.sort, filter: joinPriceLogFilters(search) }
}

export const priceDetailSearch = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1).catch(1),
  sort: priceLogEndpoint.query.shape.sort.catch(undefined),
})
export type PriceDetailSearch = z.infer<typeof priceDetailSearch>
export const PRICE_DETAIL_DEFAULTS = { page: 1 } as const
