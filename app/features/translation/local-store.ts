import Dexie, { type EntityTable } from 'dexie'
import { type z } from 'zod'
import type { TextsData } from '../../../src/contract/translation'
import type { GlossaryLoadRow, GlossaryRow } from './glossary-keys'
import type { SharedMemoryLoadRow, SharedMemoryRow } from './shared-memory-keys'
import {
  CHUNK_SIZE,
  datasetId,
  pendingId,
  type ChunkRow,
  type DatasetRow,
  type DocumentRow,
  type EntryRow,
  type KeyMapRow,
  type PendingRow,
  type Scope,
  type EditScope,
} from './local-keys'
import { sortedKeys, translationOf } from '../../../src/domain/translation'
import { allFit, chunkRow, datasetRow, keyMapRow, pendingRow, thoseThatFit } from './stored-rows'

// The translation workspace's local-first store in IndexedDB
// (docs/decisions/014-translation-local-first.md). The server's dictionaries are copied into
// `entries`, and every edit lives in `pending` from the moment it is typed until the server
// accepted it. Dexie's live queries make each change show in every open tab.

export * from './local-keys'

export class TranslationDb extends Dexie {
  datasets!: EntityTable<DatasetRow, 'id'>
  chunks!: Dexie.Table<ChunkRow, [string, number]>
  keymaps!: EntityTable<KeyMapRow, 'datasetId'>
  pending!: EntityTable<PendingRow, 'id'>
  documents!: EntityTable<DocumentRow, 'id'>
  glossary!: EntityTable<GlossaryRow, 'id'>
  glossaryLoads!: EntityTable<GlossaryLoadRow, 'language'>
  sharedMemory!: Dexie.Table<SharedMemoryRow, [string, string, number]>
  sharedMemoryLoads!: EntityTable<SharedMemoryLoadRow, 'pair'>

  constructor(name: string) {
    super(name)
    this.version(1).stores({
      datasets: 'id, [scope+dst]',
      entries: '[datasetId+order], [datasetId+key]',
      pending: 'id, [scope+dst], [scope+dst+key]',
    })
    this.version(2).stores({ documents: 'id' })
    // Entries move into chunks; copies kept by version 1 are loaded again from the server.
    this.version(3)
      .stores({ entries: null, chunks: '[datasetId+chunk]', keymaps: 'datasetId' })
      .upgrade((tx) => tx.table('datasets').clear())
    // Edits belong to the user who typed them (pending-owner.ts). Those kept before have no
    // owner (''): the next user who signs in here takes them over (adoptEdits).
    this.version(4)
      .stores({ pending: 'id, [owner+scope+dst], [owner+scope+dst+key], owner' })
      .upgrade(async (tx) => {
        const table = tx.table<PendingRow, string>('pending')
        const rows = await table.toArray()
        await table.clear()
        await table.bulkAdd(rows.map((row) => ({ ...row, owner: '', id: pendingId('', row.scope, row.dst, row.key) })))
      })
    // The glossary's terms by target language, and when each was loaded.
    this.version(5).stores({ glossary: 'id, language', glossaryLoads: 'language' })
    // The team's shared memory (imported TMX files) per pair the desk asked for, and how far
    // each pair was read (docs/decisions/049). New tables: nothing kept before changes.
    this.version(6).stores({ sharedMemory: '[src+dst+id]', sharedMemoryLoads: 'pair' })
  }
}

let instance: TranslationDb | null = null

/** The one store of this browser profile (the database name can be changed for benchmarks). */
export function translationDb(name = 'portal-translation'): TranslationDb {
  if (instance && instance.name === name) return instance
  instance = new TranslationDb(name)
  return instance
}

const WRITE_CHUNK = 5000

/** Replaces the local copy of one dataset with the server's answer, reporting progress 0…1. */
export async function storeDataset(
  db: TranslationDb,
  scope: Scope,
  src: string,
  dst: string,
  data: TextsData,
  onProgress: (fraction: number) => void = () => {},
  nowMs = Date.now(),
): Promise<DatasetRow> {
  const id = datasetId(scope, src, dst)
  const source = data.languages[src]?.[1] ?? {}
  const target = data.languages[dst]?.[1] ?? {}
  const stamps = data.stamps[dst] ?? {}
  const sourceRevisions = data.revisions[src] ?? {}
  const targetRevisions = data.revisions[dst] ?? {}
  const states = data.states[dst] ?? {}
  const comments = data.comments[dst] ?? {}
  const byKey = new Map(data.texts.map((entry) => [entry.text, entry]))
  const order = sortedKeys([...byKey.keys()], source, target)
  const rows: EntryRow[] = order.map((key, index) => {
    const entry = byKey.get(key)!
    return {
      datasetId: id,
      order: index,
      key,
      desc: entry.desc,
      tags: entry.tags,
      source: source[key] ?? '',
      target: translationOf(key, target),
      stamp: stamps[key] ?? null,
      ...(sourceRevisions[key] !== undefined ? { revision: sourceRevisions[key], targetRevision: targetRevisions[key] ?? null } : {}),
      ...reviewOf(states[key], comments[key]),
    }
  })
  const dataset: DatasetRow = {
    id,
    scope,
    src,
    dst,
    loadedAt: nowMs,
    total: rows.length,
    tags: data.t9n_tags,
    languageChoices: data.language_choices,
    savedAt: nowMs,
  }
  await db.chunks.where('[datasetId+chunk]').between([id, Dexie.minKey], [id, Dexie.maxKey]).delete()
  onProgress(0)
  const chunks: ChunkRow[] = []
  for (let start = 0; start < rows.length; start += CHUNK_SIZE)
    chunks.push({ datasetId: id, chunk: start / CHUNK_SIZE, rows: rows.slice(start, start + CHUNK_SIZE) })
  const perWrite = Math.max(1, Math.floor(WRITE_CHUNK / CHUNK_SIZE))
  for (let start = 0; start < chunks.length; start += perWrite) {
    await db.chunks.bulkPut(chunks.slice(start, start + perWrite))
    onProgress(Math.min(1, ((start + perWrite) * CHUNK_SIZE) / Math.max(1, rows.length)))
  }
  await db.keymaps.put({ datasetId: id, orders: Object.fromEntries(rows.map((row) => [row.key, row.order])) })
  await db.datasets.put(dataset)
  onProgress(1)
  return dataset
}

/** An entry's review state and comment count, left out when there is none (decision 049). */
function reviewOf(state: string | undefined, comments: number | undefined): Pick<EntryRow, 'review' | 'comments'> {
  return {
    ...(state === 'approved' || state === 'needs_editing' ? { review: state } : {}),
    ...(comments !== undefined && comments > 0 ? { comments } : {}),
  }
}

/** The kept dataset `id`, parsed (stored-rows.ts); null when there is none or it no longer fits. */
export async function keptDataset(db: TranslationDb, id: string): Promise<DatasetRow | null> {
  const parsed = datasetRow.safeParse(await db.datasets.get(id))
  return parsed.success ? parsed.data : null
}

/** Every kept dataset that fits its schema. */
export async function keptDatasets(db: TranslationDb): Promise<DatasetRow[]> {
  return thoseThatFit(datasetRow, await db.datasets.toArray())
}

/**
 * Entries read back that do not fit make the whole copy stale: its dataset row goes, so the
 * desk loads it from the server again (use-texts-dataset.ts), and nothing is shown from it.
 */
function staleCopy(db: TranslationDb, id: string): EntryRow[] {
  void Dexie.ignoreTransaction(() => db.datasets.delete(id)).catch(() => undefined)
  return []
}

/** The first rows of a dataset in order, for an immediate first paint. */
export async function firstEntries(db: TranslationDb, id: string, count: number): Promise<EntryRow[]> {
  const first = await db.chunks.get([id, 0])
  if (!first) return []
  const parsed = chunkRow.safeParse(first)
  return parsed.success ? parsed.data.rows.slice(0, count) : staleCopy(db, id)
}

export async function allEntries(db: TranslationDb, id: string): Promise<EntryRow[]> {
  const chunks = allFit(chunkRow, await db.chunks.where('[datasetId+chunk]').between([id, Dexie.minKey], [id, Dexie.maxKey]).toArray())
  return chunks ? chunks.flatMap((chunk) => chunk.rows) : staleCopy(db, id)
}

export async function entriesByKey(db: TranslationDb, id: string, keys: ReadonlyArray<string>): Promise<EntryRow[]> {
  const found = await db.transaction('r', db.chunks, db.keymaps, async () => {
    const kept = await db.keymaps.get(id)
    if (!kept) return []
    const map = keyMapRow.safeParse(kept)
    if (!map.success) return null
    const orders = keys.map((key) => map.data.orders[key]).filter((order): order is number => order !== undefined)
    const numbers = [...new Set(orders.map((order) => Math.floor(order / CHUNK_SIZE)))]
    const chunks = allFit(
      chunkRow,
      (await db.chunks.bulkGet(numbers.map((chunk): [string, number] => [id, chunk]))).filter((chunk) => chunk !== undefined),
    )
    if (!chunks) return null
    const byOrder = new Map(chunks.flatMap((chunk) => chunk.rows).map((row) => [row.order, row]))
    return orders.map((order) => byOrder.get(order)).filter((row): row is EntryRow => row !== undefined)
  })
  return found ?? staleCopy(db, id)
}

/** The edits of `owner` for one kind of text and target language; none while the owner is not known. */
export async function pendingOf(db: TranslationDb, owner: string | null, scope: EditScope, dst: string): Promise<PendingRow[]> {
  if (owner === null) return []
  return thoseThatFit(pendingRow, await db.pending.where('[owner+scope+dst]').equals([owner, scope, dst]).toArray())
}

/**
 * How many of `owner`'s kept edits do not fit the edit's shape (written by another build, or
 * damaged): they stay on this device untouched, neither shown nor sent, and the desk says so.
 */
export async function unreadableEditsOf(db: TranslationDb, owner: string | null): Promise<number> {
  if (owner === null) return 0
  const rows: unknown[] = await db.pending.where('owner').equals(owner).toArray()
  return rows.filter((row) => !pendingRow.safeParse(row).success).length
}

/**
 * Edits without an owner (kept before edits had one, or typed before anyone signed in here)
 * become `owner`'s: the first user who signs in on this browser. An edit of that user for the
 * same text wins.
 */
export async function adoptEdits(db: TranslationDb, owner: string): Promise<number> {
  if (owner === '') return 0
  return db.transaction('rw', db.pending, async () => {
    const orphans = await db.pending.where('owner').equals('').toArray()
    if (orphans.length === 0) return 0
    const adopted = orphans.map((row) => ({ ...row, owner, id: pendingId(owner, row.scope, row.dst, row.key) }))
    const existing = await db.pending.bulkGet(adopted.map((row) => row.id))
    await db.pending.bulkDelete(orphans.map((row) => row.id))
    await db.pending.bulkPut(adopted.filter((_row, index) => existing[index] === undefined))
    return orphans.length
  })
}

/**
 * The kept copy of a server answer, parsed with the answer's schema; null when there is none,
 * or when it no longer fits (kept by an older build): then it is fetched again.
 */
export async function keptDocument<T>(db: TranslationDb, id: string, schema: z.ZodType<T>): Promise<{ loadedAt: number; data: T } | null> {
  const row = await db.documents.get(id)
  const parsed = row ? schema.safeParse(row.data) : null
  return row && parsed?.success ? { loadedAt: row.loadedAt, data: parsed.data } : null
}

export async function keepDocument(db: TranslationDb, id: string, data: unknown, nowMs = Date.now()): Promise<void> {
  await db.documents.put({ id, loadedAt: nowMs, data })
}
