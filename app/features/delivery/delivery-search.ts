import { optionalRecordId } from '../../ui/cid-search'
import { searchField, searchObject, type SearchOutput } from '../../ui/search-fields'
import { safeRedirectPath } from '../../../src/domain/landing'

// The query of the delivery screens: ?cid= names the company (left out: the caller's own), a
// value that names no record is NO_RECORD (the route answers not-found for a cid; the edit
// screen says so for an address). ?redirect= is kept only when it is a portal path.
export const deliverySearch = searchObject({ cid: optionalRecordId })
export type DeliverySearch = SearchOutput<typeof deliverySearch>

export const deliveryEditSearch = searchObject({
  cid: optionalRecordId,
  address: optionalRecordId,
  redirect: searchField<string, string | undefined>((value) => (typeof value === 'string' ? (safeRedirectPath(value) ?? undefined) : undefined)),
})
export type DeliveryEditSearch = SearchOutput<typeof deliveryEditSearch>
