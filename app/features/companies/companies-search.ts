import { z } from 'zod'
import { parseRecordId } from '../../../src/contract/record-id'

// /companies/{cid}?search=: the company the tree starts at, and the search term (a bad value
// is no search). A cid that names no record (abc, 0, 99999999999) matches no route: the
// page-not-found, as for every id in a page URL (app/ui/id-params.ts).
export const companiesSearch = z.object({ search: z.string().max(200).default('').catch('') })
export type CompaniesSearch = z.infer<typeof companiesSearch>
export const COMPANIES_DEFAULTS = { search: '' } as const

export const cidParams = {
  parse: (raw: { cid: string }) => {
    const cid = parseRecordId(raw.cid)
    return cid === null ? false : { cid }
  },
  stringify: (params: { cid: number }) => ({ cid: String(params.cid) }),
}
