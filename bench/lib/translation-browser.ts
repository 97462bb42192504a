// Bundled by bench/translation.ts and run inside the portal's page (same origin, so the same
// IndexedDB): raw Dexie reads and writes as the baseline, and a way to queue many edits.
import Dexie from 'dexie'
import { allEntries, storeDataset, translationDb, type EntryRow } from '../../app/features/translation/local-store'
import { putEdit } from '../../app/features/translation/pending-store'
import type { FromMemory, ToMemory } from '../../app/features/translation/memory-protocol'

function rows(count: number, datasetId: string): EntryRow[] {
  return Array.from({ length: count }, (_, order) => ({
    datasetId,
    order,
    key: `RAW-${String(order).padStart(6, '0')}`,
    desc: order % 5 === 0 ? `Raw description ${order}` : null,
    tags: ['bench'],
    source: `Bench source text number ${order} {0}`,
    target: order % 2 === 0 ? `Bench target text ${order} {0}` : null,
    stamp: order % 2 === 0 ? new Date(0).toISOString() : null,
  }))
}

async function timed<T>(work: () => Promise<T>): Promise<number> {
  const start = performance.now()
  await work()
  return performance.now() - start
}

const api = {
  /** Writes `count` entries into a database of their own with bulkPut, then reads them back. */
  async raw(count: number) {
    const name = 'bench-raw'
    await Dexie.delete(name)
    const db = new Dexie(name)
    db.version(1).stores({ entries: '[datasetId+order]' })
    const data = rows(count, 'raw')
    const write = await timed(() => db.table('entries').bulkPut(data))
    const read = await timed(() => db.table('entries').where('[datasetId+order]').between(['raw', Dexie.minKey], ['raw', Dexie.maxKey]).toArray())
    const one = await timed(() => db.table('entries').put({ ...data[0], target: 'x' }))
    db.close()
    await Dexie.delete(name)
    return { write, read, one }
  },
  /**
   * Queues an edit of `owner` for the first `count` untranslated entries of a dataset, as typing
   * would, without their source: the save measured is the save itself, not the summary of
   * issues the translator would be asked about first.
   */
  async queueEdits(owner: string, datasetId: string, scope: 'vartext' | 'system', dst: string, count: number) {
    const db = translationDb()
    const open = (await allEntries(db, datasetId)).filter((entry) => entry.target === null).slice(0, count)
    const start = performance.now()
    for (const { key, target, stamp } of open) await putEdit(db, owner, scope, dst, { key, target, stamp }, `Bench translation of ${key} {0}`)
    return { queued: open.length, ms: performance.now() - start }
  },
  /**
   * The translation memory's worker (the build's own script, `workerUrl`) started on this
   * page's store: how long its first build took and which main-thread tasks ran long meanwhile,
   * then one lookup per source (round trip, with the diffs) and, as the baseline, one
   * exact-match question per source (the same round trip with a map lookup).
   */
  async memory(workerUrl: string, queries: Array<{ dst: string; source: string }>, extra: Array<{ source: string; target: string }>) {
    // A second list of texts, all translated (system messages into French), so the memory holds
    // more than 100,000 units: the 100,000 generated entries hold 50,000 English translations.
    if (extra.length > 0) {
      const texts = extra.map((_, index) => ({ text: `MEM-${index}`, desc: null, tags: [] }))
      const master = Object.fromEntries(extra.map((unit, index) => [`MEM-${index}`, unit.source]))
      const french = Object.fromEntries(extra.map((unit, index) => [`MEM-${index}`, unit.target]))
      await storeDataset(translationDb(), 'system', 'master', 'fr', {
        texts,
        languages: { master: ['Master', master], fr: ['Français', french] },
        language_choices: [],
        t9n_tags: [],
        stamps: {},
        revisions: {},
        states: {},
        comments: {},
      })
    }
    const longTasks: number[] = []
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push(entry.duration)
    })
    observer.observe({ type: 'longtask' })
    const worker = new Worker(workerUrl, { type: 'module' })
    const waiting = new Map<number, (message: FromMemory) => void>()
    let built: (status: { ms: number; units: number }) => void = () => {}
    const firstBuild = new Promise<{ ms: number; units: number }>((resolve) => {
      built = resolve
    })
    worker.onmessage = (event: MessageEvent<FromMemory>) => {
      const message = event.data
      if (message.type === 'status') {
        if (message.firstBuildMs !== null) built({ ms: message.firstBuildMs, units: message.units })
      } else if (message.type !== 'failed') waiting.get(message.id)?.(message)
    }
    const ask = (message: ToMemory & { id: number }) =>
      new Promise<FromMemory>((resolve) => {
        waiting.set(message.id, resolve)
        worker.postMessage(message)
      })
    const started = performance.now()
    worker.postMessage({ type: 'start', owner: null } satisfies ToMemory)
    const build = await firstBuild
    const wallMs = performance.now() - started
    observer.disconnect()
    const lookups: number[] = []
    const exacts: number[] = []
    let id = 1
    let found = 0
    for (const { dst, source } of queries) {
      let start = performance.now()
      const answer = await ask({ type: 'lookup', id: id++, src: 'master', dst, source, exclude: null })
      lookups.push(performance.now() - start)
      if (answer.type === 'matches') found += answer.matches.length
      start = performance.now()
      await ask({ type: 'exact', id: id++, src: 'master', dst, kind: 'vartext', texts: [{ key: '', source }] })
      exacts.push(performance.now() - start)
    }
    worker.terminate()
    return { buildMs: build.ms, wallMs, units: build.units, longTasks, lookups, exacts, found }
  },
}

;(window as unknown as { __t9nBench: typeof api }).__t9nBench = api
