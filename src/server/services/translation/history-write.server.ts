import { eq, sql, type SQL } from 'drizzle-orm'
import { translationHistory, users, type NewTranslationHistoryEntry } from '../../db/schema/index'
import type { Db } from '../../db/types'

// Writing the history of texts (docs/decisions/038): the save and the XML import add one entry
// per changed value, in their own transaction, with the author's names copied in.

const BATCH = 500

/** The name an entry shows: first and last name, or the e-mail address where there is none. */
export const authorNameSql: SQL<string> = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`

export type Author = { byUserId: number | null; byUsername: string | null; byName: string | null }

/** The author's id and names as an entry keeps them; nobody for a user that does not exist. */
export async function authorOf(db: Db, userId: number): Promise<Author> {
  const [row] = await db.select({ email: users.email, name: authorNameSql }).from(users).where(eq(users.id, userId))
  return row ? { byUserId: userId, byUsername: row.email, byName: row.name } : { byUserId: null, byUsername: null, byName: null }
}

export async function recordHistory(db: Db, entries: ReadonlyArray<NewTranslationHistoryEntry>): Promise<void> {
  for (let start = 0; start < entries.length; start += BATCH) {
    await db.insert(translationHistory).values(entries.slice(start, start + BATCH))
  }
}
