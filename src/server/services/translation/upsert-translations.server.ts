import { sql } from 'drizzle-orm'
import { translations, type NewTranslation } from '../../db/schema/index'
import type { Db } from '../../db/types'

// The save's write of translation values (docs/decisions/012): a row that exists takes the new
// value, revision, author and time, and is no longer reviewed. The XML import writes the same way, set-based on staged
// rows (import-write.server.ts).

const BATCH = 500

export async function upsertTranslations(db: Db, rows: ReadonlyArray<NewTranslation>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    await db
      .insert(translations)
      .values(rows.slice(start, start + BATCH))
      .onConflictDoUpdate({
        target: [translations.textId, translations.languageCode],
        set: {
          value: sql`excluded.value`,
          revision: sql`excluded.revision`,
          updatedByUserId: sql`excluded.updated_by_user_id`,
          updatedAt: sql`excluded.updated_at`,
          // A review belongs to the value reviewed (docs/decisions/049).
          reviewState: 'translated',
          reviewedByUserId: null,
          reviewedAt: null,
        },
      })
  }
}
