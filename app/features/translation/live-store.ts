import type { LiveChange } from '../../../src/contract/translation-team'
import type { ReviewKind } from '../../../src/domain/review-state'
import { applyChangesToDocument, rewriteDocuments } from './document-patches'
import { JOURNAL_PREFIX, type JournalRecord } from './edit-journal'
import { parseRecord } from './journal-replay'
import { CHUNK_SIZE, pendingId, type ChunkRow, type EditScope, type EntryRow, type PendingRow, type TranslationDb } from './local-store'
import { putEdit } from './pending-store'
import { pendingRow } from './stored-rows'

// The saves and reviews of others, as the desk's poll answers them (docs/decisions/049, "Claims
// and live saves"), written into the device's copies of that area and target language: each
// text's value, stamp, revision and review state — the lists' entries of vartext and system,
// the kept answers (document-texts.ts) of the catalogues and articles. An unsaved edit of a text someone else saved
// since the edit's base becomes a conflict at once, as a save would find it
// (pending-store.ts markConflicts), and is resolved the same way.

/** Whether an entry already holds the change (a poll answers a text again, or a save of this device did). */
function holds(entry: EntryRow, change: LiveChange): boolean {
  return entry.target === change.value && entry.stamp === change.stamp && (entry.review ?? 'translated') === change.state
}

function applied(entry: EntryRow, change: LiveChange): EntryRow {
  const { review: _review, ...rest } = entry
  const next: EntryRow = { ...rest, target: change.value, stamp: change.stamp, ...(change.state === 'translated' ? {} : { review: change.state }) }
  if (entry.revision !== undefined) next.targetRevision = change.value === null ? null : change.revision
  return next
}

/** Writes the changes into one dataset's chunks; answers the keys that changed. */
async function applyToDataset(db: TranslationDb, id: string, byKey: ReadonlyMap<string, LiveChange>): Promise<string[]> {
  const map = await db.keymaps.get(id)
  if (!map) return []
  const numbers = new Set<number>()
  for (const key of byKey.keys()) {
    const order = map.orders[key]
    if (order !== undefined) numbers.add(Math.floor(order / CHUNK_SIZE))
  }
  const chunks = await db.chunks.bulkGet([...numbers].map((chunk): [string, number] => [id, chunk]))
  const written: ChunkRow[] = []
  const keys: string[] = []
  for (const chunk of chunks) {
    if (!chunk) continue
    let touched = false
    const rows = chunk.rows.map((row) => {
      const change = byKey.get(row.key)
      if (!change || holds(row, change)) return row
      touched = true
      keys.push(row.key)
      return applied(row, change)
    })
    if (touched) written.push({ ...chunk, rows })
  }
  if (written.length > 0) await db.chunks.bulkPut(written)
  return keys
}

/**
 * Whether an unsaved edit now conflicts with the change: the text was saved since the edit's
 * base, to another text than the edit's, by someone else. The user's own saves are not (this
 * device's save clears or rebases its edits itself; another window's is found by the next save).
 */
export function conflictsWith(pending: PendingRow, change: LiveChange, username: string | null): boolean {
  if (change.stamp === pending.base) return false
  if (change.username !== null && change.username === username) return false
  if ((change.value ?? '') === pending.value) return false
  return !(pending.state === 'conflict' && pending.theirs?.stamp === change.stamp)
}

/** The text typed into `id` and not yet in the store (edit-journal.ts: kept within 250 ms). */
function journalled(id: string): JournalRecord | null {
  try {
    const raw = localStorage.getItem(JOURNAL_PREFIX + id)
    return raw === null ? null : parseRecord(raw)
  } catch {
    return null
  }
}

/** The kinds of edit a review area's texts are kept under: a catalogue's labels and its articles' texts. */
function editScopesOf(kind: ReviewKind): EditScope[] {
  return kind === 'catalog' ? ['catalogue', 'article_unit'] : [kind]
}

/** The changes of a poll into every copy of `kind` and `dst`, and the conflicts they make with `owner`'s edits. */
export async function applyLiveChanges(
  db: TranslationDb,
  owner: string,
  username: string | null,
  kind: ReviewKind,
  dst: string,
  changes: ReadonlyArray<LiveChange>,
): Promise<{ changed: string[]; conflicts: string[] }> {
  if (changes.length === 0) return { changed: [], conflicts: [] }
  const byKey = new Map(changes.map((change) => [change.key, change]))
  // Each change against each kind of edit its key can be (one for vartext and system).
  const slots = editScopesOf(kind).flatMap((scope) => changes.map((change) => ({ change, id: pendingId(owner, scope, dst, change.key) })))
  const typed = slots.map((slot) => journalled(slot.id))
  return db.transaction('rw', [db.chunks, db.keymaps, db.pending, db.datasets, db.documents], async () => {
    const changed = new Set<string>()
    if (kind === 'catalog') {
      await rewriteDocuments(db, (data) => {
        const keys = applyChangesToDocument(data, dst, byKey)
        for (const key of keys) changed.add(key)
        return keys.length > 0
      })
    } else {
      const datasets = await db.datasets.where('[scope+dst]').equals([kind, dst]).toArray()
      const at = Date.now()
      for (const dataset of datasets) {
        const keys = await applyToDataset(db, dataset.id, byKey)
        for (const key of keys) changed.add(key)
        // Open lists read just these entries again (use-texts-dataset.ts), as after a save.
        if (keys.length > 0) await db.datasets.update(dataset.id, { savedAt: at, lastChange: { at, keys } })
      }
    }
    const ids = slots.map((slot) => slot.id)
    // Typing of the last moments goes in first, with the base it was typed against, so it meets
    // the change as the edit it is about to become.
    for (const [index, existing] of (await db.pending.bulkGet(ids)).entries()) {
      const record = existing ? null : typed[index]
      if (record) await putEdit(db, record.owner, record.scope, record.dst, record.entry, record.value, record.at, record.unit)
    }
    const edits = await db.pending.bulkGet(ids)
    const conflicts: string[] = []
    for (const [index, pending] of edits.entries()) {
      const { change } = slots[index]!
      // An edit that cannot be read is left as it is (stored-rows.ts).
      if (!pending || !pendingRow.safeParse(pending).success || !conflictsWith(pending, change, username)) continue
      const theirs = { value: change.value, stamp: change.stamp, by: change.by, username: change.username }
      await db.pending.update(pending.id, { state: 'conflict', theirs, reason: null })
      conflicts.push(change.key)
    }
    return { changed: [...changed], conflicts }
  })
}
