import { z } from 'zod'
import { LANGUAGE_CODE_PATTERN } from '../domain/language-code'

/**
 * A language code of the translation screens: 'master' (the source texts), 'en', 'fr', …
 * The route search schemas (loaded with every page) take LANGUAGE_CODE_PATTERN itself
 * (src/domain/language-code.ts), without zod's classic API.
 */
export const languageCode = z.string().regex(LANGUAGE_CODE_PATTERN)
