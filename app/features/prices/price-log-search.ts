import { PRICE_LOG_SORTS, PRICE_ROW_SORTS, joinPriceLogFilters } from '../../../src/domain/price-logs'
import { optionalSearchSort, searchObject, searchPage, searchSort, searchText, type SearchOutput } from '../../ui/search-fields'

// /price-logs/ and /detail-price/{pid} search params: page, sort and the five filters, each
// under its own name so a shared link is readable. Bad values fall back to the defaults.
const text = searchText(200)

export const priceLogsSearch = searchObject({
  page: searchPage,
  sort: searchSort(PRICE_LOG_SORTS, '-date'),
  article_uid: text,
  contact: text,
  company: text,
  order_number__contains: text,
  price: text,
})
export type PriceLogsSearch = SearchOutput<typeof priceLogsSearch>
export const PRICE_LOGS_DEFAULTS = { page: 1, sort: '-date', article_uid: '', contact: '', company: '', order_number__contains: '', price: '' } as const
export const PRICE_LOG_FILTERS = ['article_uid', 'contact', 'company', 'order_number__contains', 'price'] as const

/** The call's query: the filters joined by ":::" as the /vue/ API takes them. */
export function logsQuery(search: PriceLogsSearch) {
  return { page: search.page, sort: search.sort, filter: joinPriceLogFilters(search) }
}

export const priceDetailSearch = searchObject({
  page: searchPage,
  sort: optionalSearchSort(PRICE_ROW_SORTS),
})
export type PriceDetailSearch = SearchOutput<typeof priceDetailSearch>
export const PRICE_DETAIL_DEFAULTS = { page: 1 } as const
