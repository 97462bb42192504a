import { searchObject } from '../../ui/search-fields'
import { languageParam } from './translation-access'

// /glossary's search params: the target language whose terms are listed (a shareable URL).
export const glossarySearch = searchObject({ language: languageParam('en') })

/** The default is left out of the URL (stripSearchParams). */
export const GLOSSARY_DEFAULTS = { language: 'en' } as const
