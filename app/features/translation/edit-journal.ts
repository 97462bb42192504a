import type { EditScope, EntryRow, PendingRow } from './local-keys'
import { pendingId } from './local-keys'

// What is typed is written here, synchronously, at every keystroke, before anything else
// happens: a reload, a closed tab or a crashed page right after a keystroke finds the text in
// localStorage, and the store puts it into IndexedDB when it next loads (journal-replay.ts).
// The IndexedDB write itself keeps the spec's 250 ms rhythm. Decision 014, "Nothing typed is
// only in memory".

export const JOURNAL_PREFIX = 'portal:translation:journal:'

/** One typed text as the store's putEdit takes it: whose, where, the entry it changes, when. */
export type JournalRecord = {
  owner: string
  scope: EditScope
  dst: string
  entry: Pick<EntryRow, 'key' | 'target' | 'stamp'> & { source?: string }
  value: string
  at: number
  unit?: PendingRow['unit']
}

function journalKey(record: Pick<JournalRecord, 'owner' | 'scope' | 'dst' | 'entry'>): string {
  return JOURNAL_PREFIX + pendingId(record.owner, record.scope, record.dst, record.entry.key)
}

/** Writes the text typed now; false when the browser refuses storage (full, or blocked). */
export function journalEdit(record: JournalRecord): boolean {
  try {
    localStorage.setItem(journalKey(record), JSON.stringify(record))
    return true
  } catch {
    return false
  }
}

/** Forgets a journalled text once the store holds it, unless something newer was typed meanwhile. */
export function clearJournal(record: JournalRecord): void {
  try {
    const key = journalKey(record)
    const kept = localStorage.getItem(key)
    if (kept !== null && kept === JSON.stringify(record)) localStorage.removeItem(key)
  } catch {
    // Storage blocked: nothing was journalled.
  }
}
