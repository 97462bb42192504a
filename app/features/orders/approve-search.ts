import { APPROVE_TABS } from '../../../src/domain/basket-status'
import { DEFAULT_ORDER_SORT, ORDER_SORTS } from '../../../src/domain/sorts'
import { optionalSearchText, searchEnum, searchObject, searchPage, searchSort, searchText, type SearchOutput } from '../../ui/search-fields'

// /order-approve/ search params: tab, basket-number filter, sort, page and a preselected
// basket — all in the URL, so a pasted link opens the same view. Bad values fall back.
export const approveSearch = searchObject({
  tab: searchEnum(APPROVE_TABS, 'open'),
  number: searchText(64),
  sort: searchSort(ORDER_SORTS, DEFAULT_ORDER_SORT),
  page: searchPage,
  order: optionalSearchText(64),
})
export type ApproveSearch = SearchOutput<typeof approveSearch>
export const APPROVE_DEFAULTS = { tab: 'open', number: '', sort: DEFAULT_ORDER_SORT, page: 1 } as const
