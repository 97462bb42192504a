import { and, eq, inArray, sql } from 'drizzle-orm'
import { reviewEndpoint, type ReviewConflict, type ReviewData } from '../../../contract/translation-team'
import { shownState } from '../../../domain/review-state'
import { m } from '../../../paraglide/messages'
import {
  texts,
  translationComments,
  translationReviews,
  translations,
  users,
  type NewTranslationComment,
  type NewTranslationReview,
} from '../../db/schema/index'
import type { Db } from '../../db/types'
import { ApiError, type LocalizedText } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'
import { authorOf } from './history-write.server'
import { areaTexts, checkTargetLanguage, shownAuthor } from './team-scope.server'
import { countsPerLanguage, noteActivity } from '../../activity/record.server'

// POST /vue/i18n/review/: approves translations or sends them back (docs/decisions/049). The
// state is set on the translation row without touching its stamp (updated_at), so a review is
// never a change a translator's save conflicts with; every review is also kept in
// translation_reviews, and its comment in translation_comments. A value changed since the
// stamp the reviewer saw is not reviewed: it comes back as a conflict (409), the rest is applied.

const BATCH = 500

type Current = { value: string; revision: number; textRevision: number; updatedAt: Date; by: string | null }

export const review = implement(reviewEndpoint, async ({ db, caller, nowMs, input: { body } }) => {
  await checkTargetLanguage(db, body.lang)
  const keys = [...new Set(body.keys)]
  const ids = await areaTexts(db, body.kind, keys)
  const comment = body.comment === undefined || body.comment === '' ? null : body.comment
  const actor = caller.actorUserId ?? caller.userId
  const at = new Date(nowMs)

  const result = await db.transaction(async (tx): Promise<ReviewData> => {
    // Locked as the save locks them: a save and a review of one text run one after the other.
    await tx
      .select({ id: texts.id })
      .from(texts)
      .where(inArray(texts.id, [...ids.values()]))
      .for('update')
    const current = await currentValues(tx, [...ids.values()], body.lang)
    const author = await authorOf(tx, actor)
    const reviewed: ReviewData['reviewed'] = {}
    const skipped: string[] = []
    const conflicts: ReviewConflict[] = []
    const reviews: NewTranslationReview[] = []
    for (const key of keys) {
      const textId = ids.get(key)!
      const now = current.get(textId)
      const base = body.bases[key]
      const stamp = now ? now.updatedAt.toISOString() : null
      if (base !== undefined && base !== stamp) {
        // The value the reviewer saw was changed or removed since.
        conflicts.push({ key, base, value: now?.value ?? null, stamp, by: now?.by ?? null })
        continue
      }
      if (!now) {
        skipped.push(key)
        continue
      }
      // What a reader sees now: an approval of an outdated value shows as translated.
      reviewed[key] = shownState(body.state, now.revision, now.textRevision)
      reviews.push({ textId, languageCode: body.lang, state: body.state, valueStamp: now.updatedAt, comment, ...author, at })
    }
    const reviewedIds = reviews.map((row) => row.textId)
    for (let start = 0; start < reviewedIds.length; start += BATCH) {
      await tx
        .update(translations)
        .set({ reviewState: body.state, reviewedByUserId: actor, reviewedAt: at })
        .where(and(eq(translations.languageCode, body.lang), inArray(translations.textId, reviewedIds.slice(start, start + BATCH))))
    }
    const comments: NewTranslationComment[] =
      comment === null ? [] : reviews.map((row) => ({ textId: row.textId, languageCode: body.lang, body: comment, ...author, at }))
    for (let start = 0; start < reviews.length; start += BATCH) {
      await tx.insert(translationReviews).values(reviews.slice(start, start + BATCH))
      if (comments.length > 0) await tx.insert(translationComments).values(comments.slice(start, start + BATCH))
    }
    return { reviewed, skipped, conflicts }
  })
  if (result.conflicts.length === 0) {
    // Counts per language, never the texts (decision 053).
    noteActivity({
      target: body.kind,
      details: { state: body.state, reviewed: countsPerLanguage({ [body.lang]: result.reviewed }), skipped: result.skipped.length },
    })
    return result
  }
  const count = result.conflicts.length
  const text: LocalizedText = (locale) => m.translation_review_conflicts({ count }, { locale })
  throw new ApiError(409, [text], result)
})

/** Each text's value in `code`, with its stamp, revisions and who saved it; an empty value is none. */
async function currentValues(db: Db, textIds: number[], code: string): Promise<Map<number, Current>> {
  const byText = new Map<number, Current>()
  if (textIds.length === 0) return byText
  const rows = await db
    .select({
      textId: translations.textId,
      value: translations.value,
      revision: translations.revision,
      textRevision: texts.revision,
      updatedAt: translations.updatedAt,
      email: users.email,
      name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
    })
    .from(translations)
    .innerJoin(texts, eq(texts.id, translations.textId))
    .leftJoin(users, eq(users.id, translations.updatedByUserId))
    .where(and(eq(translations.languageCode, code), inArray(translations.textId, textIds)))
  for (const row of rows) {
    if (row.value === '') continue
    byText.set(row.textId, { ...row, by: shownAuthor(row.name || null, row.email) })
  }
  return byText
}
