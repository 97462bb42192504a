import { ACTIVITY_TARGET_MAX } from '../../../src/domain/activity-target'
import { optionalSearchText, searchObject, searchPage, searchRecordId, type SearchOutput } from '../../ui/search-fields'

// /activity search params (decision 053): page and the filters, each under its own name so a
// shared link reads as what it shows. Bad values fall back to no filter; a day is taken as text
// here (this schema is in every page's first load) and checked by the screen and the server.
// A filter not given is left out (undefined), so only the page has a default to strip from the
// URL; the target is one record's rows, as a contact's or an address's row links to them.
export const activitySearch = searchObject({
  page: searchPage,
  company: searchRecordId,
  actor: searchRecordId,
  action: optionalSearchText(100),
  target: optionalSearchText(ACTIVITY_TARGET_MAX),
  from: optionalSearchText(10),
  to: optionalSearchText(10),
})
export type ActivitySearch = SearchOutput<typeof activitySearch>
export const ACTIVITY_DEFAULTS = { page: 1 } as const
