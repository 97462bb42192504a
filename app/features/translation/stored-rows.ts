import { z } from 'zod'
import { glossaryTerm } from '../../../src/contract/glossary-term'
import { saveConflict } from '../../../src/contract/translation-save'
import type { GlossaryLoadRow, GlossaryRow } from './glossary-keys'
import type { ChunkRow, DatasetRow, EntryRow, KeyMapRow, PendingRow } from './local-keys'
import type { SharedMemoryLoadRow, SharedMemoryRow } from './shared-memory-keys'

// The local store's rows as they are read back from IndexedDB (parse at every edge,
// docs/architecture.md): storage is input like any other. The schemas describe what Dexie
// version 6 of local-store.ts writes (its version is the rows' version; version 3 cleared every
// older dataset), optional fields included, so every row kept today stays readable. A row that
// does not fit is treated as absent: the dataset is loaded from the server again — except an
// unsaved edit (`pending`), which exists nowhere else: one that does not fit is kept as it is,
// neither shown nor sent, and counted for the desk's notice (unreadableEditsOf in local-store.ts).

const entryRow = z.object({
  datasetId: z.string(),
  order: z.number(),
  key: z.string(),
  desc: z.string().nullable(),
  tags: z.array(z.string()),
  source: z.string(),
  target: z.string().nullable(),
  stamp: z.string().nullable(),
  revision: z.number().optional(),
  targetRevision: z.number().nullable().optional(),
  review: z.enum(['approved', 'needs_editing']).optional(),
  comments: z.number().optional(),
}) satisfies z.ZodType<EntryRow>

export const chunkRow = z.object({ datasetId: z.string(), chunk: z.number(), rows: z.array(entryRow) }) satisfies z.ZodType<ChunkRow>

export const keyMapRow = z.object({ datasetId: z.string(), orders: z.record(z.string(), z.number()) }) satisfies z.ZodType<KeyMapRow>

export const datasetRow = z.object({
  id: z.string(),
  scope: z.enum(['vartext', 'system']),
  src: z.string(),
  dst: z.string(),
  loadedAt: z.number(),
  total: z.number(),
  tags: z.array(z.string()),
  languageChoices: z.array(z.tuple([z.string(), z.string()])),
  savedAt: z.number(),
  lastChange: z.object({ at: z.number(), keys: z.array(z.string()) }).optional(),
}) satisfies z.ZodType<DatasetRow>

// Loose: fields a newer build adds are kept through a read and a write back, not dropped.
export const pendingRow = z.looseObject({
  id: z.string(),
  owner: z.string(),
  scope: z.enum(['vartext', 'system', 'catalogue', 'article_unit']),
  dst: z.string(),
  key: z.string(),
  value: z.string(),
  base: z.string().nullable(),
  editedAt: z.number(),
  state: z.enum(['pending', 'conflict']),
  reason: z.string().nullable(),
  theirs: saveConflict.shape.theirs.nullable(),
  unit: z.object({ articleId: z.number(), tid: z.string() }).optional(),
  source: z.string().optional(),
  confirm: z.literal(true).optional(),
  fromMemory: z.literal(true).optional(),
}) satisfies z.ZodType<PendingRow>

// A term that does not fit makes the language's terms count as never loaded: they are fetched again.
export const glossaryRow = glossaryTerm satisfies z.ZodType<GlossaryRow>
export const glossaryLoadRow = z.object({ language: z.string(), loadedAt: z.number() }) satisfies z.ZodType<GlossaryLoadRow>

/** The pair of languages a shared-memory row is kept for. */
const languages = { src: z.string(), dst: z.string() }

export const sharedMemoryRow = z.object({
  ...languages,
  id: z.number(),
  source: z.string(),
  target: z.string(),
  origin: z.string(),
}) satisfies z.ZodType<SharedMemoryRow>

export const sharedMemoryLoadRow = z.object({
  pair: z.string(),
  ...languages,
  after: z.number(),
  loadedAt: z.number(),
}) satisfies z.ZodType<SharedMemoryLoadRow>

/** The rows that fit `schema`, the others passed over (a unit of the shared memory, say). */
export function thoseThatFit<T>(schema: z.ZodType<T>, rows: ReadonlyArray<unknown>): T[] {
  return rows.flatMap((row) => {
    const parsed = schema.safeParse(row)
    return parsed.success ? [parsed.data] : []
  })
}

/** The rows that fit `schema`; null when one does not (the whole set is then stale). */
export function allFit<T>(schema: z.ZodType<T>, rows: ReadonlyArray<unknown>): T[] | null {
  const fit: T[] = []
  for (const row of rows) {
    const parsed = schema.safeParse(row)
    if (!parsed.success) return null
    fit.push(parsed.data)
  }
  return fit
}
