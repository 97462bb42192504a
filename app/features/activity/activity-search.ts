import { coercedInt, searchField, searchObject, searchPage, searchText, type SearchOutput } from '../../ui/search-fields'

// /activity search params (decision 053): page and the filters, each under its own name so a
// shared link reads as what it shows. Bad values fall back to no filter.
const day = searchField<string, string>((value) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : '',
)
const anId = searchField<number | string | undefined, number | undefined>((value) => coercedInt(value, 1, 2_147_483_647))

export const activitySearch = searchObject({
  page: searchPage,
  company: anId,
  actor: anId,
  action: searchText(100),
  from: day,
  to: day,
})
export type ActivitySearch = SearchOutput<typeof activitySearch>
export const ACTIVITY_DEFAULTS = { page: 1, action: '', from: '', to: '' } as const

/** The call's query: only the filters that are set. */
export function activityQuery(search: ActivitySearch) {
  return {
    page: search.page,
    ...(search.company !== undefined ? { company: search.company } : {}),
    ...(search.actor !== undefined ? { actor: search.actor } : {}),
    ...(search.action ? { action: search.action } : {}),
    ...(search.from ? { from: search.from } : {}),
    ...(search.to ? { to: search.to } : {}),
  }
}
