import { z } from 'zod'
import { COMMENT_MAX, REVIEW_BATCH_LIMIT, REVIEW_KINDS, REVIEW_STATES, REVIEW_VERDICTS } from '../domain/review-state'
import { NO_BODY, NO_PARAMS, NO_QUERY, defineEndpoint } from './endpoint'
import { languageCode } from './language-code'
import { MAX_RECORD_ID } from './record-id'
import { TEXT_KEY_MAX } from './translation-save'

// A team on the desk (docs/decisions/049): review states, comments per text, progress per
// area and language, and who has which text open, with the saves of others as they happen.

export { COMMENT_MAX, REVIEW_BATCH_LIMIT }

const textKey = z.string().min(1).max(TEXT_KEY_MAX)
const reviewKind = z.enum(REVIEW_KINDS)
// The stamp a client loaded a value with (translations' updated_at, ISO time).
const stamp = z.string().max(40)

export const reviewBody = z
  .object({
    kind: reviewKind,
    // The target language reviewed (not master).
    lang: languageCode,
    keys: z.array(textKey).min(1).max(REVIEW_BATCH_LIMIT),
    state: z.enum(REVIEW_VERDICTS),
    // Why a text is sent back (or a note on an approval); stored as a comment on each text.
    comment: z.string().trim().max(COMMENT_MAX).optional(),
    // Key → the stamp of the value the reviewer saw. A key named here whose value changed since
    // is not reviewed: it comes back as a conflict. Keys not named are reviewed as they are now.
    bases: z.record(textKey, stamp).default({}),
  })
  .meta({ id: 'ReviewRequest' })

export const reviewConflict = z
  .object({
    key: z.string(),
    base: z.string(),
    // The value now and its stamp (null: the translation was removed meanwhile).
    value: z.string().nullable(),
    stamp: z.string().nullable(),
    by: z.string().nullable(),
  })
  .meta({ id: 'ReviewConflict' })
export type ReviewConflict = z.infer<typeof reviewConflict>

export const reviewData = z
  .object({
    // Key → the state it has now.
    reviewed: z.record(z.string(), z.enum(REVIEW_STATES)),
    // Keys without a translation in lang: there is nothing to review.
    skipped: z.array(z.string()),
    conflicts: z.array(reviewConflict),
  })
  .meta({ id: 'ReviewResult' })
export type ReviewData = z.infer<typeof reviewData>

export const reviewEndpoint = defineEndpoint({
  id: 'translation.review',
  area: 'translation',
  method: 'POST',
  path: '/vue/i18n/review/',
  summary:
    'Approves the translations of the named texts in lang, or sends them back (needs_editing), with an optional comment on each. The state belongs to the value reviewed: a later save that changes it makes it translated again, and a newer master text takes an approval away. Keys whose value changed since their base stamp come back as conflicts (409) and the rest is reviewed; keys without a translation are skipped; an unknown key refuses the whole call (400).',
  access: { kind: 'permission', permission: 'CAN_REVIEW' },
  failures: [409],
  failureData: { 409: reviewData },
  params: NO_PARAMS,
  query: NO_QUERY,
  body: reviewBody,
  data: reviewData,
})

export const textComment = z
  .object({
    id: z.number().int(),
    kind: reviewKind,
    lang: z.string(),
    key: z.string(),
    text: z.string(),
    // "name (e-mail)" and the e-mail of the author, copied when written (they stay after the
    // user is deleted); null where no author was known.
    by: z.string().nullable(),
    username: z.string().nullable(),
    at: z.string(),
    client_id: z.string().nullable(),
  })
  .meta({ id: 'TextComment' })
export type TextComment = z.infer<typeof textComment>

export const commentsQuery = z.object({ kind: reviewKind, lang: languageCode, key: textKey })

export const commentsEndpoint = defineEndpoint({
  id: 'translation.comments',
  area: 'translation',
  method: 'GET',
  path: '/vue/i18n/comments/',
  summary: 'The comments on one text in one language, oldest first.',
  access: { kind: 'permission', permission: 'CAN_TRANSLATE' },
  failures: [404],
  params: NO_PARAMS,
  query: commentsQuery,
  body: NO_BODY,
  data: z.object({ comments: z.array(textComment) }),
})

export const commentCreateBody = z
  .object({
    kind: reviewKind,
    lang: languageCode,
    key: textKey,
    // Plain text; markup is shown as written.
    text: z.string().trim().min(1).max(COMMENT_MAX),
    // Chosen by the client when the comment is written (offline too): sent again, the comment
    // is stored once and the stored one is answered.
    client_id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .optional(),
  })
  .meta({ id: 'TextCommentCreate' })

export const commentCreateEndpoint = defineEndpoint({
  id: 'translation.commentCreate',
  area: 'translation',
  method: 'POST',
  path: '/vue/i18n/comments/',
  summary: 'Adds a comment on a text in one language; the author and the time come from the session and the server.',
  access: { kind: 'permission', permission: 'CAN_TRANSLATE' },
  failures: [404],
  params: NO_PARAMS,
  query: NO_QUERY,
  body: commentCreateBody,
  data: z.object({ comment: textComment }),
})

export const commentDeleteEndpoint = defineEndpoint({
  id: 'translation.commentDelete',
  area: 'translation',
  method: 'DELETE',
  path: '/vue/i18n/comments/{id}/',
  summary: "Removes a comment: its author may, and a reviewer (CAN_REVIEW) may remove anyone's (403 otherwise).",
  access: { kind: 'permission', permission: 'CAN_TRANSLATE' },
  failures: [403, 404],
  params: z.object({ id: z.coerce.number().int().positive().max(MAX_RECORD_ID) }),
  query: NO_QUERY,
  body: NO_BODY,
  data: z.object({ id: z.number().int() }),
})

const languageProgress = z
  .object({
    untranslated: z.number().int(),
    translated: z.number().int(),
    approved: z.number().int(),
    needs_editing: z.number().int(),
    // Translations written against an older master text (counted here, not under their state).
    outdated: z.number().int(),
    // Translations the quality checks find errors or warnings in (they are counted under their state too).
    with_issues: z.number().int(),
  })
  .meta({ id: 'LanguageProgress' })
export type LanguageProgress = z.infer<typeof languageProgress>

export const progressArea = z
  .object({
    kind: reviewKind,
    // The catalogue's node id and its name, for kind catalog; null otherwise.
    catalog: z.number().int().nullable(),
    name: z.string().nullable(),
    total: z.number().int(),
    // Code → counts, for every language but master.
    languages: z.record(z.string(), languageProgress),
  })
  .meta({ id: 'ProgressArea' })
export type ProgressArea = z.infer<typeof progressArea>

export const progressEndpoint = defineEndpoint({
  id: 'translation.progress',
  area: 'translation',
  method: 'GET',
  path: '/vue/i18n/progress/',
  summary:
    'Per area (vartext, system, each catalogue) and language: how many texts are untranslated, translated, approved, need editing, are outdated or have issues; and who translated and reviewed how many texts in the last 7 days.',
  access: { kind: 'permission', permission: 'CAN_TRANSLATE' },
  params: NO_PARAMS,
  query: NO_QUERY,
  body: NO_BODY,
  data: z.object({
    areas: z.array(progressArea),
    // The languages counted, [code, name] in their order: every one but master.
    language_choices: z.array(z.tuple([z.string(), z.string()])),
    people: z.array(
      z.object({ by: z.string(), username: z.string().nullable(), translated: z.number().int(), reviewed: z.number().int() }).meta({ id: 'ProgressPerson' }),
    ),
    // Where the window of `people` starts (ISO time): 7 days before the call.
    since: z.string(),
  }),
})
export type ProgressData = z.infer<typeof progressEndpoint.data>

export const claimBody = z
  .object({
    kind: reviewKind,
    lang: languageCode,
    // The text the caller has open; null: none any more.
    key: textKey.nullable(),
  })
  .meta({ id: 'ClaimRequest' })

export const claimEndpoint = defineEndpoint({
  id: 'translation.claim',
  area: 'translation',
  method: 'PUT',
  path: '/vue/i18n/claims/',
  summary:
    'Tells the server which text the caller has open in a language (one per user and language; null: none). Advisory: it only lets the desks of others skip the text in "next". It lapses after 2 minutes without renewal.',
  access: { kind: 'permission', permission: 'CAN_TRANSLATE' },
  failures: [404],
  params: NO_PARAMS,
  query: NO_QUERY,
  body: claimBody,
  data: z.object({ expires_at: z.string().nullable() }),
  // A claim lapses by itself and changes no text: not in the trail (decision 053).
  activity: 'none',
})

export const liveChange = z
  .object({
    key: z.string(),
    // The value now (null: removed), its stamp and master revision, and its review state.
    value: z.string().nullable(),
    stamp: z.string().nullable(),
    revision: z.number().int(),
    state: z.enum(REVIEW_STATES),
    by: z.string().nullable(),
    username: z.string().nullable(),
  })
  .meta({ id: 'LiveChange' })
export type LiveChange = z.infer<typeof liveChange>

export const liveClaim = z
  .object({
    key: z.string(),
    // "name (e-mail)", the e-mail, and the name alone (the e-mail where there is none) for a badge.
    by: z.string(),
    username: z.string(),
    name: z.string(),
  })
  .meta({ id: 'LiveClaim' })
export type LiveClaim = z.infer<typeof liveClaim>

export const liveEndpoint = defineEndpoint({
  id: 'translation.live',
  area: 'translation',
  method: 'GET',
  path: '/vue/i18n/live/',
  summary:
    "What changed in one area and language since a cursor: saved values and reviews (the latest per text), and who else has which text open. Without since, no changes, only the cursor to start from. The desk polls it every few seconds; a cursor the server no longer knows answers everything since the start of the day's history it keeps.",
  access: { kind: 'permission', permission: 'CAN_TRANSLATE' },
  params: NO_PARAMS,
  query: z.object({
    kind: reviewKind,
    lang: languageCode,
    since: z
      .string()
      .regex(/^\d{1,12}\.\d{1,12}$/)
      .optional(),
  }),
  body: NO_BODY,
  data: z.object({
    cursor: z.string(),
    changes: z.array(liveChange),
    claims: z.array(liveClaim),
  }),
})
export type LiveData = z.infer<typeof liveEndpoint.data>
