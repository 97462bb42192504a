import { searchObject, searchText } from '../../ui/search-fields'

// switch-user's ?email= fills the field (manage-users links here); '' when left out or bad.
export const switchUserSearch = searchObject({ email: searchText(254) })
