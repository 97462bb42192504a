import { z } from 'zod'
import { GLOSSARY_NOTE_MAX, GLOSSARY_TERM_MAX, GLOSSARY_TRANSLATION_MAX } from '../../../src/domain/limits'

// The glossary form's check, loaded on first use (use-zod-form.tsx): the rules of the contract's
// term fields (src/contract/glossary.ts: trimmed, term and translation required, the limits of
// src/domain/limits.ts, an empty note is none), which the server checks again. Written out, not
// picked: the contract module brings its id and language schemas, whose sharing split the
// chunks of every translation screen (+0.4 KB gzip each, docs/decisions/035); tests/ui/glossary.test.ts
// holds the two to the same answers.
const text = (max: number) => z.string().trim().min(1).max(max)

export const glossaryTermCheck = z.object({
  term: text(GLOSSARY_TERM_MAX),
  translation: text(GLOSSARY_TRANSLATION_MAX),
  note: z
    .string()
    .trim()
    .max(GLOSSARY_NOTE_MAX)
    .nullable()
    .transform((note) => (note === '' ? null : note)),
})
