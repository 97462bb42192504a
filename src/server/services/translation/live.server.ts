import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import { liveEndpoint, type LiveData } from '../../../contract/translation-team'
import { TEXT_KINDS_OF, shownState } from '../../../domain/review-state'
import { textClaims, texts, translations, users } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { implement } from '../../endpoint/implement.server'
import { checkLanguage } from './claims.server'
import { displayNameOf, nameOf } from './team-names.server'

// GET /vue/i18n/live/: what the desks of one area and language poll every few seconds
// (docs/decisions/049, "Claims and live saves"). The cursor "h.r" is the highest id of
// translation_history and of translation_reviews the answer covers; the changes are the texts
// with a row in either after the caller's cursor or written in the last seconds, as they are
// now (one entry per text). A poll with nothing new reads two primary-key maxima, the last
// seconds' rows and the claims.

type Cursor = { history: number; reviews: number }

const cursorRow = z.object({ h: z.coerce.number().int(), r: z.coerce.number().int() })

/** The highest ids now: one statement, each max an index read of a primary key. */
async function currentCursor(db: Db): Promise<Cursor> {
  const result = await db.execute(sql`select
      (select coalesce(max(id), 0) from translation_history) as h,
      (select coalesce(max(id), 0) from translation_reviews) as r`)
  // PGlite and node-postgres both answer { rows }.
  const [row] = z.object({ rows: z.array(cursorRow) }).parse(result).rows
  return row ? { history: row.h, reviews: row.r } : { history: 0, reviews: 0 }
}

function parseCursor(since: string): Cursor {
  const [history, reviews] = since.split('.').map(Number)
  return { history: history ?? 0, reviews: reviews ?? 0 }
}

const writer = alias(users, 'writer')

/**
 * A save numbers its history row when it writes it, but others see the row only once it
 * commits: a slow transaction can commit after a later-numbered one, below a cursor already
 * handed out. So every poll also answers the texts written in the last RECENT_MS (among the
 * last RECENT_ROWS ids, a primary-key range): answering a text again is harmless, as a change
 * is the text as it is now.
 */
const RECENT_MS = 15_000
const RECENT_ROWS = 500

/** The texts of the area with a history or review row in lang within (from, to] or written lately, as they are now. */
async function changesBetween(db: Db, kinds: ReadonlyArray<(typeof texts.kind.enumValues)[number]>, lang: string, from: Cursor, to: Cursor, nowMs: number) {
  const recent = new Date(nowMs - RECENT_MS)
  // The ranges are read by id (the primary keys), then narrowed to the language.
  const touched = sql`(
      select text_id from translation_history
       where language_code = ${lang} and id <= ${to.history}
         and (id > ${from.history} or (id > ${to.history - RECENT_ROWS} and at > ${recent}))
      union
      select text_id from translation_reviews
       where language_code = ${lang} and id <= ${to.reviews}
         and (id > ${from.reviews} or (id > ${to.reviews - RECENT_ROWS} and at > ${recent})))`
  const rows = await db
    .select({
      key: texts.key,
      textRevision: texts.revision,
      value: translations.value,
      stamp: translations.updatedAt,
      revision: translations.revision,
      state: translations.reviewState,
      by: displayNameOf(writer),
      username: writer.email,
    })
    .from(texts)
    .leftJoin(translations, and(eq(translations.textId, texts.id), eq(translations.languageCode, lang)))
    .leftJoin(writer, eq(writer.id, translations.updatedByUserId))
    .where(and(sql`${texts.id} in ${touched}`, inArray(texts.kind, [...kinds])))
    .orderBy(texts.key)
  return rows.map((row): LiveData['changes'][number] => {
    // An empty value is no translation, as the reads answer it.
    const present = row.value !== null && row.value !== '' && row.stamp !== null && row.revision !== null
    return {
      key: row.key,
      value: present ? row.value : null,
      stamp: present ? row.stamp!.toISOString() : null,
      revision: present ? row.revision! : row.textRevision,
      state: present && row.state ? shownState(row.state, row.revision!, row.textRevision) : 'translated',
      by: present ? (row.username === null ? null : row.by) : null,
      username: present ? row.username : null,
    }
  })
}

const claimer = alias(users, 'claimer')

/** The unexpired claims of everyone but `userId` on texts of the area in lang. */
async function claimsOfOthers(db: Db, kinds: ReadonlyArray<(typeof texts.kind.enumValues)[number]>, lang: string, userId: number, now: Date) {
  const rows = await db
    .select({ key: texts.key, by: displayNameOf(claimer), username: claimer.email, name: nameOf(claimer) })
    .from(textClaims)
    .innerJoin(texts, eq(texts.id, textClaims.textId))
    .innerJoin(claimer, eq(claimer.id, textClaims.userId))
    .where(and(eq(textClaims.languageCode, lang), gt(textClaims.expiresAt, now), ne(textClaims.userId, userId), inArray(texts.kind, [...kinds])))
    .orderBy(texts.key, claimer.email)
  return rows
}

export const live = implement(liveEndpoint, async ({ db, caller, nowMs, input: { query } }) => {
  const { kind, lang, since } = query
  await checkLanguage(db, lang)
  const kinds = TEXT_KINDS_OF[kind]
  const cursor = await currentCursor(db)
  const changes = since === undefined ? [] : await changesBetween(db, kinds, lang, parseCursor(since), cursor, nowMs)
  const claims = await claimsOfOthers(db, kinds, lang, caller.actorUserId ?? caller.userId, new Date(nowMs))
  return { cursor: `${cursor.history}.${cursor.reviews}`, changes, claims }
})
