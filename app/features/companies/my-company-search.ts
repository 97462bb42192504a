import { z } from 'zod'
import { optionalRecordId } from '../../ui/cid-search'

// my-company's search: ?cid= names the company (left out: the caller's own). A cid that names
// no record is NO_RECORD: the route answers the not-found page.
export const myCompanySearch = z.object({ cid: optionalRecordId })
export type MyCompanySearch = z.output<typeof myCompanySearch>
