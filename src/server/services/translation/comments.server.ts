import { and, asc, eq, type SQL } from 'drizzle-orm'
import { commentCreateEndpoint, commentDeleteEndpoint, commentsEndpoint, type TextComment } from '../../../contract/translation-team'
import { hasPermission } from '../../../domain/permissions'
import type { ReviewKind } from '../../../domain/review-state'
import { m } from '../../../paraglide/messages'
import { texts, translationComments, type TextKind } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { forbidden, notFound } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'
import { authorOf } from './history-write.server'
import { areaText, checkTargetLanguage, shownAuthor } from './team-scope.server'
import { noteActivity } from '../../activity/record.server'

// /vue/i18n/comments/: the discussion of one text in one language (docs/decisions/049). Plain
// text with its author's names copied in, as the history keeps them. A comment written offline
// carries the client's id for it, so a resend stores it once; its author removes it, and so
// may a reviewer.

const AREA_OF: Record<TextKind, ReviewKind> = { vartext: 'vartext', system: 'system', catalogue: 'catalog', article_unit: 'catalog' }

async function commentsWhere(db: Db, where: SQL | undefined): Promise<TextComment[]> {
  const rows = await db
    .select({ row: translationComments, kind: texts.kind, key: texts.key })
    .from(translationComments)
    .innerJoin(texts, eq(texts.id, translationComments.textId))
    .where(where)
    .orderBy(asc(translationComments.at), asc(translationComments.id))
  return rows.map(({ row, kind, key }) => ({
    id: row.id,
    kind: AREA_OF[kind],
    lang: row.languageCode,
    key,
    text: row.body,
    by: shownAuthor(row.byName, row.byUsername),
    username: row.byUsername,
    at: row.at.toISOString(),
    client_id: row.clientId,
  }))
}

export const comments = implement(commentsEndpoint, async ({ db, input: { query } }) => {
  await checkTargetLanguage(db, query.lang)
  const textId = await areaText(db, query.kind, query.key)
  return { comments: await commentsWhere(db, and(eq(translationComments.textId, textId), eq(translationComments.languageCode, query.lang))) }
})

export const commentCreate = implement(commentCreateEndpoint, async ({ db, caller, nowMs, input: { body } }) => {
  await checkTargetLanguage(db, body.lang)
  const textId = await areaText(db, body.kind, body.key)
  const actor = caller.actorUserId ?? caller.userId
  const author = await authorOf(db, actor)
  const clientId = body.client_id ?? null
  const [row] = await db
    .insert(translationComments)
    .values({ textId, languageCode: body.lang, body: body.text, ...author, clientId, at: new Date(nowMs) })
    // Sent again (its answer lost): the comment stored the first time is the answer.
    .onConflictDoNothing({ target: [translationComments.byUserId, translationComments.clientId] })
    .returning({ id: translationComments.id })
  const where = row ? eq(translationComments.id, row.id) : and(eq(translationComments.byUserId, actor), eq(translationComments.clientId, clientId ?? ''))
  const [comment] = await commentsWhere(db, where)
  if (!comment) throw notFound((locale) => m.translation_comment_not_found({}, { locale }))
  // Which text, never the comment's words (decision 053).
  noteActivity({ target: `${body.kind} ${body.lang} ${body.key}`.slice(0, 200) })
  return { comment }
})

export const commentDelete = implement(commentDeleteEndpoint, async ({ db, caller, input: { params } }) => {
  const [row] = await db.select({ byUserId: translationComments.byUserId }).from(translationComments).where(eq(translationComments.id, params.id))
  if (!row) throw notFound((locale) => m.translation_comment_not_found({}, { locale }))
  const actor = caller.actorUserId ?? caller.userId
  if (row.byUserId !== actor && !hasPermission(caller.groups, 'CAN_REVIEW')) {
    throw forbidden((locale) => m.translation_comment_delete_forbidden({}, { locale }))
  }
  await db.delete(translationComments).where(eq(translationComments.id, params.id))
  return { id: params.id }
})
