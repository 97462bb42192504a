import { and, desc, eq } from 'drizzle-orm'
import { TRANSLATION_HISTORY_CAP, historyEndpoint, type HistoryEntry } from '../../../contract/translation-history'
import { TEXT_KINDS } from '../../../domain/catalogue'
import { m } from '../../../paraglide/messages'
import { texts, translationHistory, translationLanguages } from '../../db/schema/index'
import { badRequest, notFound } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'

// GET /vue/i18n/history/?kind=&key=&language=: the saved changes of one text in one language,
// newest first, at most TRANSLATION_HISTORY_CAP (docs/decisions/038).
export const history = implement(historyEndpoint, async ({ db, input: { query } }) => {
  const [language] = await db.select({ code: translationLanguages.code }).from(translationLanguages).where(eq(translationLanguages.code, query.language))
  if (!language) throw badRequest((locale) => m.translation_unknown_language({ code: query.language }, { locale }))
  const found = await db
    .select({ id: texts.id })
    .from(texts)
    .where(and(query.kind ? eq(texts.kind, query.kind) : undefined, eq(texts.key, query.key)))
    .limit(2)
  const [text] = found
  if (!text) throw notFound((locale) => m.translation_unknown_text({ key: query.key }, { locale }))
  if (found.length > 1) {
    const kinds = TEXT_KINDS.join(', ')
    throw badRequest((locale) => m.translation_save_kind_ambiguous({ key: query.key, kinds }, { locale }))
  }
  const rows = await db
    .select()
    .from(translationHistory)
    .where(and(eq(translationHistory.textId, text.id), eq(translationHistory.languageCode, language.code)))
    .orderBy(desc(translationHistory.at), desc(translationHistory.id))
    .limit(TRANSLATION_HISTORY_CAP + 1)
  const entries = rows.slice(0, TRANSLATION_HISTORY_CAP).map((row): HistoryEntry => ({
    before: row.before,
    after: row.after,
    revision: row.revision,
    by: row.byUsername === null ? null : { id: row.byUserId, username: row.byUsername, name: row.byName ?? row.byUsername },
    at: row.at.toISOString(),
  }))
  return { entries, more: rows.length > TRANSLATION_HISTORY_CAP }
})
