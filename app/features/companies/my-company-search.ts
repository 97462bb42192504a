import { z } from 'zod'
import { parseRecordId } from '../../../src/contract/record-id'

// my-company's search: ?cid= names the company (left out: the caller's own). A cid that names
// no record (abc, -1, 1.5, 99999999999) is BAD_CID: the route answers the not-found page.
export const BAD_CID = 0

export const myCompanySearch = z.object({
  cid: z
    .union([z.number(), z.string()])
    .optional()
    .transform((raw) => (raw === undefined ? undefined : (parseRecordId(String(raw)) ?? BAD_CID)))
    .catch(BAD_CID),
})
export type MyCompanySearch = z.output<typeof myCompanySearch>
