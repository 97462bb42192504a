import { MAX_RECORD_ID } from '../../../src/contract/record-id'
import { coercedInt, searchField, searchObject } from '../../ui/search-fields'

// ?cid= when a dealer admin shops as a company with several lines (spec section 4): a company
// id as companyId of the contract takes it; a bad one is left out.
export const selectLineSearch = searchObject({
  cid: searchField<number | string, number | undefined>((value) => coercedInt(value, 1, MAX_RECORD_ID)),
})
