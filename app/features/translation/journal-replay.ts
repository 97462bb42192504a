import { z } from 'zod'
import { JOURNAL_PREFIX, type JournalRecord } from './edit-journal'
import { putEdit } from './pending-store'
import { pendingId, type TranslationDb } from './local-store'
import { pendingRow } from './stored-rows'

// Texts journalled at a keystroke (edit-journal.ts) whose IndexedDB write never happened — the
// page went away first — become the pending edits they would have been. Storage is input like
// any other: a record that does not parse is dropped.

const journalRecord = z.object({
  owner: z.string(),
  scope: z.enum(['vartext', 'system', 'catalogue', 'article_unit']),
  dst: z.string().min(1),
  entry: z.object({ key: z.string(), target: z.string().nullable(), stamp: z.string().nullable(), source: z.string().optional() }),
  value: z.string(),
  at: z.number(),
  unit: z.object({ articleId: z.number(), tid: z.string() }).optional(),
}) satisfies z.ZodType<JournalRecord>

type Journalled = { key: string; raw: string; record: JournalRecord | null }

function journalledTexts(): Journalled[] {
  const found: Journalled[] = []
  for (let index = 0; index < localStorage.length; index++) {
    const key = localStorage.key(index)
    const raw = key === null ? null : localStorage.getItem(key)
    if (key === null || raw === null || !key.startsWith(JOURNAL_PREFIX)) continue
    found.push({ key, raw, record: parseRecord(raw) })
  }
  return found
}

export function parseRecord(raw: string): JournalRecord | null {
  try {
    const parsed = journalRecord.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/**
 * Puts every journalled text into the store, unless the store has a newer edit of that text
 * (another tab kept one since), then forgets it. Returns how many texts were put in.
 */
export async function replayJournal(db: TranslationDb): Promise<number> {
  let texts: Journalled[]
  try {
    texts = journalledTexts()
  } catch {
    return 0
  }
  let replayed = 0
  for (const { key, raw, record } of texts) {
    if (record) {
      // None kept, an older one, or one that cannot be read: the text typed last is the one kept.
      const kept = pendingRow.safeParse(await db.pending.get(pendingId(record.owner, record.scope, record.dst, record.entry.key)))
      if (!kept.success || kept.data.editedAt < record.at) {
        await putEdit(db, record.owner, record.scope, record.dst, record.entry, record.value, record.at, record.unit)
        replayed++
      }
    }
    // Only what was read is forgotten: a text typed again meanwhile keeps its newer record.
    if (localStorage.getItem(key) === raw) localStorage.removeItem(key)
  }
  return replayed
}
