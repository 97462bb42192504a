import { z } from 'zod'
import { TRANSLATION_CHECKS } from '../domain/translation-check-ids'
import { NO_PARAMS, NO_QUERY, defineEndpoint } from './endpoint'
import { languageCode } from './language-code'

// Saving (POST /vue/i18n/save/ and /vue/i18n/vartext/ with {languages, changes,
// pid2trus}). See docs/decisions/012-translation-saves.md.

/** The most changed texts one save call takes; the workspace sends larger queues in batches. */
export const SAVE_BATCH_LIMIT = 2000
// The limits of a text, the one source for the save and the XML import: a text key,
// and a value (master text, translation, description), in UTF-16 code units as zod counts them.
export const TEXT_KEY_MAX = 500
export const TEXT_VALUE_MAX = 10_000

const textKey = z.string().min(1).max(TEXT_KEY_MAX)

const saveBodyShape = {
  // Code → [name, {key → new value}]: the values of the changed keys ('' removes a translation).
  languages: z.record(languageCode, z.tuple([z.string().max(200), z.record(textKey, z.string().max(TEXT_VALUE_MAX))])),
  // Code → the keys changed in that language.
  changes: z.record(languageCode, z.array(textKey).max(SAVE_BATCH_LIMIT)),
  // Article node id → the tids of its units the changes belong to (article texts only).
  pid2trus: z.record(z.string().regex(/^\d{1,10}$/), z.array(z.string().min(1).max(200)).max(SAVE_BATCH_LIMIT)).default({}),
  // Code → key → the stamp the value had when it was loaded (null: it did not exist). A key
  // named here is saved only if nobody changed it since; otherwise it comes back as a conflict.
  base: z.record(languageCode, z.record(textKey, z.string().max(40).nullable())).default({}),
}

export const SAVE_KINDS = ['catalogue', 'article_unit', 'system'] as const

/** A text someone else changed after the translator loaded it: both sides, nothing saved. */
export const saveConflict = z
  .object({
    language: z.string(),
    key: z.string(),
    base: z.string().nullable(),
    yours: z.string(),
    theirs: z
      .object({
        value: z.string().nullable(),
        stamp: z.string().nullable(),
        // Who saved it, for people to read: "name (e-mail)".
        by: z.string().nullable(),
        // Their user name, so a screen tells the reader's own save (another window, another
        // device) from someone else's. Null when unknown; an older backend sends none.
        username: z.string().nullable().default(null),
      })
      .meta({ id: 'SavedText' }),
  })
  .meta({ id: 'SaveConflict' })
export type SaveConflict = z.infer<typeof saveConflict>

/** What a quality check found in a saved translation (src/domain/translation-checks.ts). */
export const translationIssue = z
  .object({
    check: z.enum(TRANSLATION_CHECKS),
    // Errors break the text where it is shown; warnings ask for a second look. Neither stops a save.
    severity: z.enum(['error', 'warning']),
    // What the check found: placeholders, tags, codes, numbers, brackets, doubled words, glossary terms; for too_long
    // the length and the limit; for line_breaks and tabs both counts; for numbers_format each number and how to write it.
    items: z.array(z.string()),
  })
  .meta({ id: 'TranslationIssue' })

export const saveData = z
  .object({
    // Code → key → the stamp of the saved value (null: the translation was removed).
    saved: z.record(z.string(), z.record(z.string(), z.string().nullable())),
    // Code → key → what the quality checks found in the saved value against the master text;
    // only keys with issues are named. Empty when an older backend (remote mode) sends none.
    issues: z.record(z.string(), z.record(z.string(), z.array(translationIssue))).default({}),
    conflicts: z.array(saveConflict),
    // The spec's "error field": null on success, the reason otherwise.
    error: z.string().nullable(),
  })
  .meta({ id: 'SaveResult' })
export type SaveData = z.infer<typeof saveData>

// kind is optional: each key is found in the kind that has it (pid2trus names the units of
// article texts); a caller may still name it, as our workspace does.
export const saveBody = z.object({ kind: z.enum(SAVE_KINDS).optional(), ...saveBodyShape })
export const vartextSaveBody = z.object(saveBodyShape)
export type SaveBody = z.input<typeof vartextSaveBody> & { kind?: (typeof SAVE_KINDS)[number] }

export const saveEndpoint = defineEndpoint({
  id: 'translation.save',
  area: 'translation',
  method: 'POST',
  path: '/vue/i18n/save/',
  summary:
    'Saves changed catalogue labels, article texts (their units named in pid2trus) or system messages; each key is found among them (optional kind: look only there). Texts changed by someone else since their base stamp are answered as conflicts (409) and the rest is saved.',
  access: { kind: 'permission', permission: 'CAN_TRANSLATE' },
  failures: [404, 409],
  failureData: { 409: saveData },
  params: NO_PARAMS,
  query: NO_QUERY,
  body: saveBody,
  data: saveData,
})

export const vartextSaveEndpoint = defineEndpoint({
  id: 'translation.vartextSave',
  area: 'translation',
  method: 'POST',
  path: '/vue/i18n/vartext/',
  summary: 'Saves changed vartext translations; conflicts as for /vue/i18n/save/.',
  access: { kind: 'permission', permission: 'CAN_TRANSLATE' },
  failures: [409],
  failureData: { 409: saveData },
  params: NO_PARAMS,
  query: NO_QUERY,
  body: vartextSaveBody,
  data: saveData,
})
