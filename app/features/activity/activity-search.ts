import { coercedInt, searchField, searchObject, searchPage, searchText, type SearchOutput } from '../../ui/search-fields'

// /activity search params (decision 053): page and the filters, each under its own name so a
// shared link reads as what it shows. Bad values fall back to no filter; a day is taken as text
// here (this schema is in every page's first load) and checked by the screen and the server.
const anId = searchField<number | string | undefined, number | undefined>((value) => coercedInt(value, 1, 2_147_483_647))

export const activitySearch = searchObject({
  page: searchPage,
  company: anId,
  actor: anId,
  action: searchText(100),
  from: searchText(10),
  to: searchText(10),
})
export type ActivitySearch = SearchOutput<typeof activitySearch>
export const ACTIVITY_DEFAULTS = { page: 1, action: '', from: '', to: '' } as const
