import { type SaveConflict } from '../../../src/contract/translation-save'
import { applySavedToDocuments, updateEntries } from './kept-copies'
import { pendingId, type EditScope, type EntryRow, type PendingRow, type TranslationDb } from './local-store'

// The writes of the save queue on the local store (docs/decisions/014): a typed edit becomes a
// pending row, and a server's answer clears or rebases what it accepted and marks conflicts.
// The saved values reach the kept copies through kept-copies.ts.

/**
 * Keeps the translator's text for one entry: a pending change, or none when it equals the
 * server's text again. The base stays the one the first edit started from.
 */
export async function putEdit(
  db: TranslationDb,
  owner: string,
  scope: EditScope,
  dst: string,
  entry: Pick<EntryRow, 'key' | 'target' | 'stamp'> & { source?: string },
  value: string,
  nowMs = Date.now(),
  unit?: PendingRow['unit'],
): Promise<void> {
  const id = pendingId(owner, scope, dst, entry.key)
  await db.transaction('rw', db.pending, async () => {
    const existing = await db.pending.get(id)
    if (value === (entry.target ?? '') && existing?.state !== 'conflict') {
      if (existing) await db.pending.delete(id)
      return
    }
    await db.pending.put({
      id,
      owner,
      scope,
      dst,
      key: entry.key,
      value,
      base: existing ? existing.base : entry.stamp,
      editedAt: nowMs,
      state: existing?.state ?? 'pending',
      reason: null,
      theirs: existing?.theirs ?? null,
      ...((unit ?? existing?.unit) ? { unit: unit ?? existing?.unit } : {}),
      ...(entry.source !== undefined ? { source: entry.source } : existing?.source !== undefined ? { source: existing.source } : {}),
    })
  })
}

/** "Confirm translation": the outdated text's value as an edit of its own, saved to mark it current. */
export async function confirmEdit(
  db: TranslationDb,
  owner: string,
  scope: EditScope,
  dst: string,
  entry: Pick<EntryRow, 'key' | 'target' | 'stamp' | 'source'>,
  nowMs = Date.now(),
  unit?: PendingRow['unit'],
): Promise<void> {
  if (entry.target === null) return
  await db.pending.put({
    id: pendingId(owner, scope, dst, entry.key),
    owner,
    scope,
    dst,
    key: entry.key,
    value: entry.target,
    base: entry.stamp,
    editedAt: nowMs,
    state: 'pending',
    reason: null,
    theirs: null,
    source: entry.source,
    confirm: true,
    ...(unit ? { unit } : {}),
  })
}

/**
 * "Fill exact matches": each text gets the memory's translation as an unsaved edit marked
 * `fromMemory`, unless the user has an edit for it already. Returns how many were put in.
 */
export async function fillEdits(
  db: TranslationDb,
  owner: string,
  scope: EditScope,
  dst: string,
  fills: ReadonlyArray<{ entry: Pick<EntryRow, 'key' | 'stamp' | 'source'>; value: string }>,
  nowMs = Date.now(),
): Promise<number> {
  return db.transaction('rw', db.pending, async () => {
    const ids = fills.map((fill) => pendingId(owner, scope, dst, fill.entry.key))
    const existing = await db.pending.bulkGet(ids)
    const rows: PendingRow[] = []
    fills.forEach((fill, index) => {
      if (existing[index]) return
      rows.push({
        id: ids[index]!,
        owner,
        scope,
        dst,
        key: fill.entry.key,
        value: fill.value,
        base: fill.entry.stamp,
        editedAt: nowMs,
        state: 'pending',
        reason: null,
        theirs: null,
        source: fill.entry.source,
        fromMemory: true,
      })
    })
    await db.pending.bulkPut(rows)
    return rows.length
  })
}

/** After a save: the server's new values go into every local copy with that target language. */
export async function applySaved(
  db: TranslationDb,
  scope: EditScope,
  dst: string,
  saved: Record<string, string | null>,
  values: Record<string, string>,
  sent: ReadonlyArray<PendingRow>,
): Promise<void> {
  const datasets = await db.datasets.where('[scope+dst]').equals([scope, dst]).toArray()
  const keys = Object.keys(saved)
  await db.transaction('rw', [db.chunks, db.keymaps, db.pending, db.datasets], async () => {
    const at = Date.now()
    const changes = new Map(keys.map((key) => [key, { target: saved[key] === null ? null : (values[key] ?? ''), stamp: saved[key] ?? null, current: true }]))
    for (const dataset of datasets) {
      await updateEntries(db, dataset.id, changes)
      // Open tabs read just these entries again (the workspace patches its list).
      await db.datasets.update(dataset.id, { savedAt: at, lastChange: { at, keys } })
    }
    // Only what the server accepted is cleared, and only if it was not edited again meanwhile.
    const accepted = sent.filter((row) => Object.hasOwn(saved, row.key))
    const now = await db.pending.bulkGet(accepted.map((row) => row.id))
    const cleared: string[] = []
    const rebased: Array<{ key: string; changes: Partial<PendingRow> }> = []
    accepted.forEach((row, index) => {
      const current = now[index]
      if (!current) return
      if (current.value === row.value) cleared.push(row.id)
      else rebased.push({ key: row.id, changes: { base: saved[row.key] ?? null } })
    })
    await db.pending.bulkDelete(cleared)
    if (rebased.length > 0) await db.pending.bulkUpdate(rebased)
  })
}

export async function markConflicts(db: TranslationDb, owner: string, scope: EditScope, dst: string, conflicts: ReadonlyArray<SaveConflict>): Promise<void> {
  await db.transaction('rw', db.pending, async () => {
    for (const conflict of conflicts) {
      await db.pending.update(pendingId(owner, scope, dst, conflict.key), { state: 'conflict', theirs: conflict.theirs, reason: null })
    }
  })
}

export async function markReason(db: TranslationDb, rows: ReadonlyArray<PendingRow>, reason: string): Promise<void> {
  await db.pending.bulkUpdate(rows.map((row) => ({ key: row.id, changes: { reason } })))
}

/**
 * Resolves a conflict: 'theirs' drops the translator's change and takes the server's text;
 * otherwise the chosen text becomes a pending change based on the server's current stamp.
 */
export async function resolveConflict(db: TranslationDb, row: PendingRow, choice: { kind: 'theirs' } | { kind: 'text'; value: string }): Promise<void> {
  const theirs = row.theirs
  if (!theirs) return
  if (row.scope === 'catalogue' || row.scope === 'article_unit') {
    await applySavedToDocuments(db, row.dst, { [row.key]: theirs.value === null ? null : theirs.stamp }, { [row.key]: theirs.value ?? '' })
  }
  await db.transaction('rw', [db.chunks, db.keymaps, db.pending, db.datasets], async () => {
    const datasets = await db.datasets.where('[scope+dst]').equals([row.scope, row.dst]).toArray()
    for (const dataset of datasets) {
      await updateEntries(db, dataset.id, new Map([[row.key, { target: theirs.value, stamp: theirs.stamp }]]))
      const at = Date.now()
      await db.datasets.update(dataset.id, { savedAt: at, lastChange: { at, keys: [row.key] } })
    }
    if (choice.kind === 'theirs' || choice.value === (theirs.value ?? '')) {
      await db.pending.delete(row.id)
      return
    }
    await db.pending.put({ ...row, value: choice.value, base: theirs.stamp, state: 'pending', theirs: null, reason: null, editedAt: Date.now() })
  })
}
