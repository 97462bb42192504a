import type { GlossaryTerm } from '../../../src/contract/glossary'

// The glossary's rows in the local store, without the store itself: what a
// screen names before the store is loaded (as local-keys.ts).

/** A term as the server answered it. */
export type GlossaryRow = GlossaryTerm

/** When this device last loaded the terms of one target language ('*': of every language). */
export type GlossaryLoadRow = { language: string; loadedAt: number }

/** The key of a load of every language (the glossary screen without a language filter). */
export const ALL_LANGUAGES = '*'
