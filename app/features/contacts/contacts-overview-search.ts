import { optionalRecordId } from '../../ui/cid-search'
import { searchEnum, searchObject, searchPage, searchText, type SearchOutput } from '../../ui/search-fields'

// /overview-contacts/ search params: the company (?cid=, the caller's own when left out; one
// that names no record is NO_RECORD), which contacts (all, active, inactive), the name or e-mail
// searched for, and the page — all in the URL, so a view can be shared.
export const CONTACT_STATES = ['all', 'active', 'inactive'] as const
export type ContactState = (typeof CONTACT_STATES)[number]

/** ?cid= of the contacts screens: left out, the caller's own company; a value naming no record, NO_RECORD. */
export const contactsCidSearch = searchObject({ cid: optionalRecordId })

export const contactsOverviewSearch = searchObject({
  ...contactsCidSearch.shape,
  show: searchEnum(CONTACT_STATES, 'all'),
  search: searchText(254),
  page: searchPage,
})
export type ContactsOverviewSearch = SearchOutput<typeof contactsOverviewSearch>
export const CONTACTS_OVERVIEW_DEFAULTS = { show: 'all', search: '', page: 1 } as const

/** The endpoint's ?active= for a state. */
export const ACTIVE_PARAM: Record<ContactState, '' | '1' | '0'> = { all: '', active: '1', inactive: '0' }
