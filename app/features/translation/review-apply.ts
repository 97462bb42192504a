import type { ReviewConflict } from '../../../src/contract/translation-team'
import type { ReviewKind, ReviewState } from '../../../src/domain/review-state'
import { patchDocumentTexts, rewriteDocuments, type TextPatch } from './document-patches'
import { CHUNK_SIZE, type ChunkRow, type EntryRow, type Scope, type TranslationDb } from './local-store'

// What the server's answer to a review or a comment changes in the device's copy of the texts
// (docs/decisions/049): the entries' states and comment counts, and for a review refused as a
// conflict the value that is there now. Open lists read the changed entries again (lastChange);
// the catalogue and article screens read their kept answers (document-texts.ts).

/** The lists of texts a review area keeps as entries (catalogues are kept as documents, patchDocuments). */
function scopeOf(kind: ReviewKind): Scope | null {
  return kind === 'vartext' || kind === 'system' ? kind : null
}

/** `patch` answers the row itself when it has nothing to change: then nothing is written. */
async function patchEntries(db: TranslationDb, kind: ReviewKind, lang: string, keys: ReadonlyArray<string>, patch: (row: EntryRow) => EntryRow): Promise<void> {
  const scope = scopeOf(kind)
  if (scope === null || keys.length === 0) return
  await db.transaction('rw', [db.chunks, db.keymaps, db.datasets], async () => {
    const datasets = await db.datasets.where('[scope+dst]').equals([scope, lang]).toArray()
    for (const dataset of datasets) {
      const map = await db.keymaps.get(dataset.id)
      if (!map) continue
      const wanted = new Set(keys)
      const orders = keys.map((key) => map.orders[key]).filter((order) => order !== undefined)
      const numbers = [...new Set(orders.map((order) => Math.floor(order / CHUNK_SIZE)))]
      const chunks = await db.chunks.bulkGet(numbers.map((chunk): [string, number] => [dataset.id, chunk]))
      const changed: ChunkRow[] = []
      const changedKeys: string[] = []
      for (const chunk of chunks) {
        if (!chunk) continue
        let touched = false
        const rows = chunk.rows.map((row) => {
          if (!wanted.has(row.key)) return row
          const next = patch(row)
          if (next !== row) {
            touched = true
            changedKeys.push(row.key)
          }
          return next
        })
        if (touched) changed.push({ ...chunk, rows })
      }
      if (changed.length === 0) continue
      await db.chunks.bulkPut(changed)
      const at = Date.now()
      await db.datasets.update(dataset.id, { savedAt: at, lastChange: { at, keys: changedKeys } })
    }
  })
}

function withReview(row: EntryRow, review: EntryRow['review']): EntryRow {
  if (row.review === review) return row
  const { review: _old, ...rest } = row
  return review === undefined ? rest : { ...rest, review }
}

/** A catalogue's texts: the same patch per key in every kept answer that holds the key. */
async function patchDocuments(db: TranslationDb, kind: ReviewKind, lang: string, patches: ReadonlyMap<string, TextPatch>): Promise<void> {
  if (kind !== 'catalog' || patches.size === 0) return
  await rewriteDocuments(db, (data) => patchDocumentTexts(data, lang, patches))
}

/** The states the server answered (translated: no mark). */
export async function applyReviewed(db: TranslationDb, kind: ReviewKind, lang: string, reviewed: Record<string, ReviewState>): Promise<void> {
  await patchDocuments(db, kind, lang, new Map(Object.entries(reviewed).map(([key, state]) => [key, { state }])))
  await patchEntries(db, kind, lang, Object.keys(reviewed), (row) => {
    const state = reviewed[row.key]
    return withReview(row, state === 'approved' || state === 'needs_editing' ? state : undefined)
  })
}

/** A review refused because the text changed: the device takes the value that is there now (not reviewed). */
export async function applyReviewConflicts(db: TranslationDb, kind: ReviewKind, lang: string, conflicts: ReadonlyArray<ReviewConflict>): Promise<void> {
  const byKey = new Map(conflicts.map((conflict) => [conflict.key, conflict]))
  await patchDocuments(
    db,
    kind,
    lang,
    new Map(conflicts.map((conflict) => [conflict.key, { state: undefined, value: { value: conflict.value, stamp: conflict.stamp } }])),
  )
  await patchEntries(db, kind, lang, [...byKey.keys()], (row) => {
    const conflict = byKey.get(row.key)!
    return { ...withReview(row, undefined), target: conflict.value, stamp: conflict.stamp }
  })
}

/** Comments stored (+1) or removed (−1) on the server; or, `exactly`, the count of a thread just read. */
export async function countComments(
  db: TranslationDb,
  kind: ReviewKind,
  lang: string,
  keys: string | ReadonlyArray<string>,
  change: { delta: number } | { exactly: number },
): Promise<void> {
  const list = typeof keys === 'string' ? [keys] : keys
  await patchDocuments(db, kind, lang, new Map(list.map((key) => [key, { comments: change }])))
  await patchEntries(db, kind, lang, list, (row) => {
    const comments = 'exactly' in change ? change.exactly : Math.max(0, (row.comments ?? 0) + change.delta)
    if (comments === (row.comments ?? 0)) return row
    const { comments: _old, ...rest } = row
    return comments > 0 ? { ...rest, comments } : rest
  })
}
