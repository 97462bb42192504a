import { z } from 'zod'
import { GLOSSARY_NOTE_MAX, GLOSSARY_TERM_MAX, GLOSSARY_TRANSLATION_MAX } from '../domain/limits'
import { NO_BODY, NO_PARAMS, NO_QUERY, defineEndpoint } from './endpoint'
import { languageCode } from './language-code'
import { MAX_RECORD_ID } from './record-id'
import { glossaryTerm, type GlossaryTerm } from './glossary-term'

// The translators' glossary (docs/decisions/038): terms of the source texts
// with their translation into one language. Staff with CAN_TRANSLATE read and keep it.

export { GLOSSARY_NOTE_MAX, GLOSSARY_TERM_MAX, GLOSSARY_TRANSLATION_MAX }

export { glossaryTerm, type GlossaryTerm }

const termText = z.string().trim().min(1).max(GLOSSARY_TERM_MAX)
const translationText = z.string().trim().min(1).max(GLOSSARY_TRANSLATION_MAX)
// An empty note is no note.
const noteText = z
  .string()
  .trim()
  .max(GLOSSARY_NOTE_MAX)
  .nullable()
  .transform((note) => (note === '' ? null : note))

export const glossaryCreateBody = z
  .object({
    source: languageCode.default('master'),
    term: termText,
    language: languageCode,
    translation: translationText,
    note: noteText.default(null),
  })
  .meta({ id: 'GlossaryTermCreate' })

// Fields left out keep their stored value.
export const glossaryUpdateBody = z
  .object({
    source: languageCode.optional(),
    term: termText.optional(),
    language: languageCode.optional(),
    translation: translationText.optional(),
    note: noteText.optional(),
  })
  .meta({ id: 'GlossaryTermUpdate' })

const glossaryId = z.coerce.number().int().positive().max(MAX_RECORD_ID)

export const glossaryListEndpoint = defineEndpoint({
  id: 'translation.glossary',
  area: 'translation',
  method: 'GET',
  path: '/vue/i18n/glossary/',
  summary: 'The glossary: every term with its translation into ?language= (every language when left out), by language and term.',
  access: { kind: 'permission', permission: 'CAN_TRANSLATE' },
  params: NO_PARAMS,
  query: z.object({ language: languageCode.optional() }),
  body: NO_BODY,
  data: z.object({ terms: z.array(glossaryTerm) }),
})

export const glossaryCreateEndpoint = defineEndpoint({
  id: 'translation.glossaryCreate',
  area: 'translation',
  method: 'POST',
  path: '/vue/i18n/glossary/',
  summary:
    'Adds a term with its translation into one language (source: the language of the texts it is found in, master unless named). A term the glossary already has for that language is a 409, unless it is the same entry again (a retried call), which answers the one stored.',
  access: { kind: 'permission', permission: 'CAN_TRANSLATE' },
  failures: [409],
  params: NO_PARAMS,
  query: NO_QUERY,
  body: glossaryCreateBody,
  data: z.object({ term: glossaryTerm }),
})

export const glossaryUpdateEndpoint = defineEndpoint({
  id: 'translation.glossaryUpdate',
  area: 'translation',
  method: 'PUT',
  path: '/vue/i18n/glossary/{id}/',
  summary: 'Changes a glossary term; fields left out keep their value (note: null or "" removes it). 409 when another entry has the term for that language.',
  access: { kind: 'permission', permission: 'CAN_TRANSLATE' },
  failures: [404, 409],
  params: z.object({ id: glossaryId }),
  query: NO_QUERY,
  body: glossaryUpdateBody,
  data: z.object({ term: glossaryTerm }),
})

export const glossaryDeleteEndpoint = defineEndpoint({
  id: 'translation.glossaryDelete',
  area: 'translation',
  method: 'DELETE',
  path: '/vue/i18n/glossary/{id}/',
  summary: 'Removes a glossary term.',
  access: { kind: 'permission', permission: 'CAN_TRANSLATE' },
  failures: [404],
  params: z.object({ id: glossaryId }),
  query: NO_QUERY,
  body: NO_BODY,
  data: z.object({ id: z.number().int() }),
})
