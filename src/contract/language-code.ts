import { z } from 'zod'

/**
 * A language code of the translation screens: 'master' (the source texts), 'en', 'fr', …
 * In a module of its own, so route search schemas (loaded with every page) do not pull in
 * the whole translation contract.
 */
export const languageCode = z.string().regex(/^(master|[a-z]{2,3}(-[A-Za-z]{2,4})?)$/)
