import { optionalRecordId } from '../../ui/cid-search'
import { searchObject, type SearchOutput } from '../../ui/search-fields'

// my-company's search: ?cid= names the company (left out: the caller's own). A cid that names
// no record is NO_RECORD: the route answers the not-found page.
export const myCompanySearch = searchObject({ cid: optionalRecordId })
export type MyCompanySearch = SearchOutput<typeof myCompanySearch>
