import { searchObject, searchRecordId } from '../../ui/search-fields'

// ?cid= when a dealer admin shops as a company with several lines: a company
// id as companyId of the contract takes it; a bad one is left out.
export const selectLineSearch = searchObject({
  cid: searchRecordId,
})
