/// <reference lib="webworker" />
import { liveQuery } from 'dexie'
import { diffWordsWithSpace } from 'diff'
import { z } from 'zod'
import { TranslationMemory, type MemoryOrigin, type MemoryUnit } from '../../../src/domain/translation-memory'
import { allEntries, entriesByKey, keptDatasets, translationDb, type DatasetRow, type DocumentRow, type EntryRow, type PendingRow } from './local-store'
import type { SharedMemoryLoadRow, SharedMemoryRow } from './shared-memory-keys'
import { sharedMemoryLoads, sharedMemoryUnits } from './shared-memory-store'
import { toMemory, type DiffPart, type FromMemory, type ToMemory } from './memory-protocol'
import { pendingRow, thoseThatFit } from './stored-rows'

// The translation memory's worker (docs/decisions/040-translation-memory.md): reads every text of
// the local store into a TranslationMemory and keeps it current as data arrives — a dataset
// loaded or saved, a catalogue or article kept, an edit typed (Dexie's live queries see the
// writes of every tab). Lookups answer here, so the screen never waits on the index.

declare const self: DedicatedWorkerGlobalScope

/** How many different pairs of texts a concordance search lists. */
const CONCORDANCE_LIMIT = 200

const memory = new TranslationMemory()
const db = translationDb()
/** Work on the memory, one step after the other. */
let queue: Promise<void> = Promise.resolve()
let busy = 0
let firstBuildMs: number | null = null
let owner: string | null = null
let started = false
let editsSub: { unsubscribe: () => void } | null = null
let editPairs = new Set<string>()
const datasetsSeen = new Map<string, { loadedAt: number; savedAt: number }>()
const documentsSeen = new Map<string, number>()
/** Pair → the last shared-memory unit read into the memory. */
const sharedSeen = new Map<string, number>()

function post(message: FromMemory) {
  self.postMessage(message)
}

function status() {
  post({ type: 'status', units: memory.size, building: busy > 0, firstBuildMs })
}

function work(step: () => Promise<void>) {
  busy++
  queue = queue
    .then(step)
    .catch((error: unknown) => post({ type: 'failed', message: error instanceof Error ? error.message : String(error) }))
    .finally(() => {
      busy--
      status()
    })
}

function entryUnits(dataset: DatasetRow, rows: ReadonlyArray<EntryRow>): MemoryUnit[] {
  const units: MemoryUnit[] = []
  for (const row of rows) if (row.target !== null) units.push({ source: row.source, target: row.target, origin: { kind: dataset.scope, key: row.key } })
  return units
}

async function readDataset(dataset: DatasetRow) {
  const seen = datasetsSeen.get(dataset.id)
  const part = `dataset:${dataset.id}`
  if (seen && seen.loadedAt === dataset.loadedAt && dataset.lastChange && dataset.lastChange.at === dataset.savedAt) {
    const rows = await entriesByKey(db, dataset.id, dataset.lastChange.keys)
    memory.updatePart(
      part,
      dataset.src,
      dataset.dst,
      rows.map((row) => ({ source: row.source, target: row.target, origin: { kind: dataset.scope, key: row.key } })),
    )
  } else {
    memory.replacePart(part, dataset.src, dataset.dst, entryUnits(dataset, await allEntries(db, dataset.id)))
  }
  datasetsSeen.set(dataset.id, { loadedAt: dataset.loadedAt, savedAt: dataset.savedAt })
}

/** The language map of a kept answer (code → [name, key → text]); texts that are not strings are passed over. */
const keptLanguages = z.looseObject({ languages: z.record(z.string(), z.tuple([z.unknown(), z.record(z.string(), z.unknown())])).optional() }).nullable()

/** A kept answer with a language map (catalogue, article): its texts in every pair of its languages. */
function readDocument(row: DocumentRow) {
  const data = keptLanguages.safeParse(row.data)
  const kind: MemoryOrigin['kind'] = row.id.startsWith('article|') ? 'article_unit' : 'catalogue'
  const languages = Object.entries((data.success ? data.data?.languages : undefined) ?? {})
  for (const [src, [, sources]] of languages) {
    for (const [dst, [, targets]] of languages) {
      if (src === dst) continue
      const units: MemoryUnit[] = []
      for (const [key, source] of Object.entries(sources)) {
        const target = targets[key]
        if (typeof source === 'string' && typeof target === 'string') units.push({ source, target, origin: { kind, key } })
      }
      memory.replacePart(`document:${row.id}`, src, dst, units)
    }
  }
  documentsSeen.set(row.id, row.loadedAt)
}

/** A kept unit of the team's shared memory: its origin names the TMX file (docs/decisions/049). */
function sharedUnit(row: SharedMemoryRow): MemoryUnit {
  return { source: row.source, target: row.target, origin: { kind: 'shared', key: String(row.id), file: row.origin } }
}

/** The shared memory's units of each pair that the memory has not read yet (units are only ever added). */
async function readShared(loads: ReadonlyArray<SharedMemoryLoadRow>) {
  for (const load of loads) {
    const seen = sharedSeen.get(load.pair) ?? 0
    if (load.after <= seen) continue
    const rows = await sharedMemoryUnits(db, load.src, load.dst, seen)
    if (rows.length === 0) continue
    memory.updatePart(`shared:${load.pair}`, load.src, load.dst, rows.map(sharedUnit))
    sharedSeen.set(load.pair, rows.at(-1)!.id)
  }
}

/** The user's unsaved edits that know their source (typed against the master text). */
function readEdits(rows: ReadonlyArray<PendingRow>) {
  const byDst = new Map<string, MemoryUnit[]>()
  for (const row of rows) {
    if (row.source === undefined) continue
    const units = byDst.get(row.dst) ?? []
    units.push({ source: row.source, target: row.value, origin: { kind: row.scope, key: row.key, edit: true } })
    byDst.set(row.dst, units)
  }
  for (const dst of editPairs) if (!byDst.has(dst)) memory.replacePart('edits', 'master', dst, [])
  for (const [dst, units] of byDst) memory.replacePart('edits', 'master', dst, units)
  editPairs = new Set(byDst.keys())
}

function watchEdits() {
  editsSub?.unsubscribe()
  const who = owner
  editsSub = liveQuery(async () => (who === null ? [] : thoseThatFit(pendingRow, await db.pending.where('owner').equals(who).toArray()))).subscribe({
    next: (rows) => work(async () => readEdits(rows)),
    error: (error: unknown) => post({ type: 'failed', message: String(error) }),
  })
}

function watch<T>(query: () => Promise<T>, read: (value: T) => Promise<void>) {
  liveQuery(query).subscribe({
    next: (value) => work(() => read(value)),
    error: (error: unknown) => post({ type: 'failed', message: String(error) }),
  })
}

async function readDatasets(datasets: ReadonlyArray<DatasetRow>) {
  for (const dataset of datasets) {
    const seen = datasetsSeen.get(dataset.id)
    if (!seen || seen.loadedAt !== dataset.loadedAt || seen.savedAt !== dataset.savedAt) await readDataset(dataset)
  }
}

async function readDocuments(documents: ReadonlyArray<DocumentRow>) {
  for (const row of documents) if (documentsSeen.get(row.id) !== row.loadedAt) readDocument(row)
}

/**
 * Questions wait for the first read of the store: a question asked as the worker starts (the
 * first click on a screen starts it) is answered from every text on the device, not from none.
 * A first read that failed (reported as such) lets them through to what there is.
 */
let firstReadDone: () => void = () => {}
const firstRead = new Promise<void>((resolve) => (firstReadDone = resolve))

/** Reads the store once, then follows its changes. */
function start() {
  if (started) return
  started = true
  work(async () => {
    const began = performance.now()
    try {
      await readDatasets(await keptDatasets(db))
      await readDocuments(await db.documents.toArray())
      await readShared(await sharedMemoryLoads(db))
    } finally {
      firstReadDone()
    }
    firstBuildMs = performance.now() - began
    watch(() => keptDatasets(db), readDatasets)
    watch(() => db.documents.toArray(), readDocuments)
    watch(() => sharedMemoryLoads(db), readShared)
    watchEdits()
  })
}

function diffOf(matchSource: string, source: string): DiffPart[] {
  return diffWordsWithSpace(matchSource, source).map((part): DiffPart => [part.added ? 'added' : part.removed ? 'removed' : 'same', part.value])
}

self.onmessage = (event: MessageEvent) => {
  const parsed = toMemory.safeParse(event.data)
  if (!parsed.success) return post({ type: 'failed', message: `an unreadable message: ${parsed.error.message}` })
  const message = parsed.data
  if (message.type === 'start') {
    owner = message.owner
    start()
  } else if (message.type === 'owner') {
    if (message.owner === owner) return
    owner = message.owner
    watchEdits()
  } else {
    void firstRead.then(() => answer(message))
  }
}

function answer(message: Exclude<ToMemory, { type: 'start' | 'owner' }>) {
  if (message.type === 'lookup') {
    const matches = memory.lookup(message.src, message.dst, message.source, message.exclude ? { exclude: message.exclude } : {})
    post({ type: 'matches', id: message.id, matches: matches.map((match) => ({ ...match, diff: diffOf(match.source, message.source) })) })
  } else if (message.type === 'concordance') {
    post({ type: 'concordance', id: message.id, ...memory.concordance(message.src, message.dst, message.needle, CONCORDANCE_LIMIT) })
  } else {
    const fills: Record<string, string> = {}
    for (const text of message.texts) {
      const target = memory.exact(message.src, message.dst, text.source, { kind: message.kind, key: text.key })
      if (target !== null) fills[text.key] = target
    }
    post({ type: 'exact', id: message.id, fills })
  }
}
