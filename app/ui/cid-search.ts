import { parseRecordId } from '../../src/contract/record-id'
import { searchField, searchObject, type SearchOutput } from './search-fields'

// `?cid=` of the company screens: the company a screen acts on. A value that names no record
// (abc, -1, 99999999999) or none at all is null, and the screen says so instead of calling.
export const cidSearch = searchObject({
  cid: searchField<number | string, number | null>((raw) => (typeof raw === 'string' || typeof raw === 'number' ? parseRecordId(String(raw)) : null)),
})
export type CidSearch = SearchOutput<typeof cidSearch>

/** A record id that names no record (abc, -1, 1.5, 99999999999): the route answers the not-found page. */
export const NO_RECORD = 0

/** A record id in the URL that may be left out (undefined then); one naming no record is NO_RECORD. */
export const optionalRecordId = searchField<number | string, number | undefined>((raw) => {
  if (raw === undefined) return undefined
  return typeof raw === 'string' || (typeof raw === 'number' && Number.isFinite(raw)) ? (parseRecordId(String(raw)) ?? NO_RECORD) : NO_RECORD
})
