import { USER_SORTS } from '../../../src/domain/sorts'
import { searchEnum, searchObject, searchPage, searchSort, searchText, type SearchOutput } from '../../ui/search-fields'

// /manage-users/ search params: e-mail filter, active or inactive, sort and page.
export const manageUsersSearch = searchObject({
  email: searchText(254),
  active: searchEnum(['1', '0'], '1'),
  sort: searchSort(USER_SORTS, 'email'),
  page: searchPage,
})
export type ManageUsersSearch = SearchOutput<typeof manageUsersSearch>
export const MANAGE_USERS_DEFAULTS = { email: '', active: '1', sort: 'email', page: 1 } as const
