import { and, eq, lt } from 'drizzle-orm'
import { claimEndpoint } from '../../../contract/translation-team'
import { CLAIM_TTL_MS } from '../../../domain/review-state'
import { m } from '../../../paraglide/messages'
import { textClaims, translationLanguages } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { badRequest } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'
import { areaText } from './team-scope.server'

// PUT /vue/i18n/claims/: which text the caller has open in a language (docs/decisions/049,
// "Claims and live saves"). One claim per user and language, renewed by the open editor and
// lapsing CLAIM_TTL_MS after the last renewal; advisory only, nothing is locked.

/** The language exists (400 otherwise). */
export async function checkLanguage(db: Db, code: string): Promise<void> {
  const [known] = await db.select({ code: translationLanguages.code }).from(translationLanguages).where(eq(translationLanguages.code, code))
  if (!known) throw badRequest((locale) => m.translation_unknown_language({ code }, { locale }))
}

export const claim = implement(claimEndpoint, async ({ db, caller, nowMs, input: { body } }) => {
  const { kind, lang, key } = body
  await checkLanguage(db, lang)
  const userId = caller.actorUserId ?? caller.userId
  // 404 for a key the area does not have (team-scope.server.ts).
  const textId = key === null ? null : await areaText(db, kind, key)
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
