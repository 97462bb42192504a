import { parseRecordId } from '../../../src/contract/record-id'
import { searchObject, searchText, type SearchOutput } from '../../ui/search-fields'

// /companies/{cid}?search=: the company the tree starts at, and the search term (a bad value
// is no search). A cid that names no record (abc, 0, 99999999999) matches no route: the
// page-not-found, as for every id in a page URL (app/ui/id-params.ts).
export const companiesSearch = searchObject({ search: searchText(200) })
export type CompaniesSearch = SearchOutput<typeof companiesSearch>
export const COMPANIES_DEFAULTS = { search: '' } as const

export const cidParams = {
  parse: (raw: { cid: string }) => {
    const cid = parseRecordId(raw.cid)
    return cid === null ? false : { cid }
  },
  stringify: (params: { cid: number }) => ({ cid: String(params.cid) }),
}
