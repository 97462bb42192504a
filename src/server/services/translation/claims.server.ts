import { and, eq, inArray, lt } from 'drizzle-orm'
import { claimEndpoint } from '../../../contract/translation-team'
import { CLAIM_TTL_MS, TEXT_KINDS_OF, type ReviewKind } from '../../../domain/review-state'
import { m } from '../../../paraglide/messages'
import { textClaims, texts, translationLanguages } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { badRequest, notFound } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'

// PUT /vue/i18n/claims/: which text the caller has open in a language (docs/decisions/049,
// "Claims and live saves"). One claim per user and language, renewed by the open editor and
// lapsing CLAIM_TTL_MS after the last renewal; advisory only, nothing is locked.

/** The language exists (400 otherwise). */
export async function checkLanguage(db: Db, code: string): Promise<void> {
  const [known] = await db.select({ code: translationLanguages.code }).from(translationLanguages).where(eq(translationLanguages.code, code))
  if (!known) throw badRequest((locale) => m.translation_unknown_language({ code }, { locale }))
}

/** The id of the text `key` of the area, or undefined. */
async function textIdOf(db: Db, kind: ReviewKind, key: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: texts.id })
    .from(texts)
    .where(and(inArray(texts.kind, [...TEXT_KINDS_OF[kind]]), eq(texts.key, key)))
    .orderBy(texts.id)
    .limit(1)
  return row?.id
}

export const claim = implement(claimEndpoint, async ({ db, caller, nowMs, input: { body } }) => {
  const { kind, lang, key } = body
  await checkLanguage(db, lang)
  const userId = caller.actorUserId ?? caller.userId
  const textId = key === null ? null : await textIdOf(db, kind, key)
  if (textId === undefined) throw notFound((locale) => m.translation_unknown_text({ key: key ?? '' }, { locale }))
  // Lapsed claims of anyone go as they are met: the table holds at most one row per user and language.
  await db.delete(textClaims).where(lt(textClaims.expiresAt, new Date(nowMs)))
  if (textId === null) {
    await db.delete(textClaims).where(and(eq(textClaims.userId, userId), eq(textClaims.languageCode, lang)))
    return { expires_at: null }
  }
  const expiresAt = new Date(nowMs + CLAIM_TTL_MS)
  await db
    .insert(textClaims)
    .values({ userId, languageCode: lang, textId, expiresAt })
    .onConflictDoUpdate({ target: [textClaims.userId, textClaims.languageCode], set: { textId, expiresAt } })
  return { expires_at: expiresAt.toISOString() }
})
