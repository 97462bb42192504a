import { optionalSearchText, searchObject } from '../../ui/search-fields'

// ?redirect= brings a user back after login; only paths on this portal are followed.
export const homeSearch = searchObject({ redirect: optionalSearchText(2000) })
