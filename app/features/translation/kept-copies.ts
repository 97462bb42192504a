import { documentHasKey, documentTexts } from './document-texts'
import { CHUNK_SIZE, revisionsOf, type ChunkRow, type TranslationDb } from './local-store'

// The kept copies of a target language take the server's saved values (docs/decisions/014): the
// entries of the kept datasets and the kept documents' dictionaries, so the screens show them
// without a reload. The save queue (pending-store.ts, save-queue.ts) calls these after a save.

/**
 * Sets the server's text and stamp of some entries of a dataset (inside a transaction on chunks
 * and keymaps). `current`: the value was just saved, so against the source revision the device knows.
 */
export async function updateEntries(
  db: TranslationDb,
  id: string,
  changes: ReadonlyMap<string, { target: string | null; stamp: string | null; current?: boolean }>,
) {
  const map = await db.keymaps.get(id)
  if (!map) return
  const byChunk = new Map<number, string[]>()
  for (const key of changes.keys()) {
    const order = map.orders[key]
    if (order === undefined) continue
    const chunk = Math.floor(order / CHUNK_SIZE)
    byChunk.set(chunk, [...(byChunk.get(chunk) ?? []), key])
  }
  const numbers = [...byChunk.keys()]
  const chunks = await db.chunks.bulkGet(numbers.map((chunk): [string, number] => [id, chunk]))
  const changed: ChunkRow[] = []
  for (const chunk of chunks) {
    if (!chunk) continue
    const keys = new Set(byChunk.get(chunk.chunk))
    chunk.rows = chunk.rows.map((row) => {
      if (!keys.has(row.key)) return row
      const { current, ...change } = changes.get(row.key)!
      const next = { ...row, ...change }
      // A new value has no review yet (decision 049).
      if (change.stamp !== row.stamp) delete next.review
      if (current && row.revision !== undefined) next.targetRevision = change.target === null ? null : row.revision
      return next
    })
    changed.push(chunk)
  }
  await db.chunks.bulkPut(changed)
}

/**
 * After a save of catalogue or article texts: the kept documents' target dictionaries take
 * the saved values (and stamps), so the screens show them without a reload.
 */
export async function applySavedToDocuments(
  db: TranslationDb,
  dst: string,
  saved: Record<string, string | null>,
  values: Record<string, string>,
): Promise<void> {
  await db.transaction('rw', db.documents, async () => {
    const rows = await db.documents.toArray()
    for (const row of rows) {
      const parsed = documentTexts.safeParse(row.data)
      if (!parsed.success) continue
      const data = parsed.data
      const dictionary = data.languages?.[dst]?.[1]
      if (!dictionary) continue
      let changed = false
      for (const [key, stamp] of Object.entries(saved)) {
        if (!(key in dictionary) && !documentHasKey(data, key)) continue
        if (stamp === null) delete dictionary[key]
        else dictionary[key] = values[key] ?? ''
        if (data.stamps?.[dst]) {
          if (stamp === null) delete data.stamps[dst][key]
          else data.stamps[dst][key] = stamp
        }
        // A saved value is not what was reviewed (docs/decisions/049): translated again.
        if (data.states?.[dst]) delete data.states[dst][key]
        // A saved value is made against the source as the device knows it: current.
        const { revision } = revisionsOf(data.revisions, key, dst)
        if (data.revisions && revision !== undefined) {
          const byKey = (data.revisions[dst] ??= {})
          if (stamp === null) delete byKey[key]
          else byKey[key] = revision
        }
        changed = true
      }
      if (changed) await db.documents.put({ ...row, data })
    }
  })
}
