import { z } from 'zod'
import { TEXT_KINDS } from '../domain/catalogue'
import { TRANSLATION_HISTORY_CAP } from '../domain/limits'
import { NO_BODY, NO_PARAMS, defineEndpoint } from './endpoint'
import { languageCode } from './language-code'
import { TEXT_KEY_MAX } from './translation-save'

// The history of one text in one language (docs/decisions/038): every saved
// change, the master text's too, newest first.

export { TRANSLATION_HISTORY_CAP }

export const historyQuery = z.object({
  // As the save's kind: optional, the key is then looked for in every kind (400 where it is in more than one).
  kind: z.enum(TEXT_KINDS).optional(),
  key: z.string().min(1).max(TEXT_KEY_MAX),
  // 'master' asks for the source text's changes.
  language: languageCode,
})

export const historyEntry = z
  .object({
    // null: there was no value before (a new translation) / the translation was removed.
    // before = after: the value was confirmed against a newer master text.
    before: z.string().nullable(),
    after: z.string().nullable(),
    // The master revision the value was written against (texts.revision at the time).
    revision: z.number().int(),
    // Who saved it; id is null once the user is deleted, the names stay. null: nobody known.
    by: z.object({ id: z.number().int().nullable(), username: z.string(), name: z.string() }).nullable(),
    // When (ISO time).
    at: z.string(),
  })
  .meta({ id: 'TranslationHistoryEntry' })
export type HistoryEntry = z.infer<typeof historyEntry>

export const historyEndpoint = defineEndpoint({
  id: 'translation.history',
  area: 'translation',
  method: 'GET',
  path: '/vue/i18n/history/',
  summary: `Every saved change of one text (key, in kind or in the one kind that has it) in one language ('master': the source text), newest first: who, when, before, after and the master revision. At most ${TRANSLATION_HISTORY_CAP}; more says there are older ones.`,
  access: { kind: 'permission', permission: 'CAN_TRANSLATE' },
  failures: [404],
  params: NO_PARAMS,
  query: historyQuery,
  body: NO_BODY,
  data: z.object({ entries: z.array(historyEntry), more: z.boolean() }),
})
export type HistoryData = z.infer<typeof historyEndpoint.data>
