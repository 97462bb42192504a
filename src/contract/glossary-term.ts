import { z } from 'zod'

// A glossary term as the API answers it, in a module of its own: the desk's local store parses
// its kept terms with it without the glossary's endpoints (and what they import) in its chunk.
export const glossaryTerm = z
  .object({
    id: z.number().int(),
    // The language of the texts the term is found in; 'master' unless set.
    source: z.string(),
    term: z.string(),
    // The target language.
    language: z.string(),
    translation: z.string(),
    note: z.string().nullable(),
    created_at: z.string(),
    // Who created and last changed it ("name (e-mail)"); null once the user is deleted.
    created_by: z.string().nullable(),
    updated_at: z.string(),
    updated_by: z.string().nullable(),
  })
  .meta({ id: 'GlossaryTerm' })
export type GlossaryTerm = z.infer<typeof glossaryTerm>
