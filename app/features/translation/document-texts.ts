import { z } from 'zod'
import { languagesMap } from '../../../src/contract/translation'

// The texts of a kept catalogue or article answer (the device's copy of the catalogue trees and
// of each article's units): per language a dictionary, the stamps, the master revisions, and
// since docs/decisions/049 the review states and comment counts. A save (kept-copies.ts), a
// colleague's save polled in, a review and a comment (document-patches.ts) change these; the
// rest of the answer (trees, units) is kept as it is.

/** The part of a kept answer these functions change; anything else passes through. */
export const documentTexts = z.looseObject({
  languages: languagesMap.optional(),
  stamps: z.record(z.string(), z.record(z.string(), z.string())).optional(),
  revisions: z.record(z.string(), z.record(z.string(), z.number())).optional(),
  states: z.record(z.string(), z.record(z.string(), z.string())).optional(),
  comments: z.record(z.string(), z.record(z.string(), z.number())).optional(),
})
export type DocumentTexts = z.infer<typeof documentTexts>

/** Whether the answer holds the text in any language (an untranslated one only in its source). */
export function documentHasKey(data: Pick<DocumentTexts, 'languages'>, key: string): boolean {
  return Object.values(data.languages ?? {}).some(([, dictionary]) => key in dictionary)
}
