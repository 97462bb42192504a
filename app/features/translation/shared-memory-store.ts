import Dexie from 'dexie'
import type { TranslationDb } from './local-store'
import { sharedMemoryPair, type SharedMemoryLoadRow, type SharedMemoryRow } from './shared-memory-keys'
import { sharedMemoryLoadRow, sharedMemoryRow, thoseThatFit } from './stored-rows'

// The shared memory's local copy (docs/decisions/049, "TMX and the shared memory"): each page the
// server answers is added with the pair's new position in one transaction, so a page is kept
// whole or not at all and the next load goes on from there.

/** Where the next page of the pair starts (0 before the first, or when the kept position does not fit: read again). */
export async function sharedMemoryAfter(db: TranslationDb, src: string, dst: string): Promise<number> {
  const kept = sharedMemoryLoadRow.safeParse(await db.sharedMemoryLoads.get(sharedMemoryPair(src, dst)))
  return kept.success ? kept.data.after : 0
}

/** How far each pair was read, the positions that fit (stored-rows.ts). */
export async function sharedMemoryLoads(db: TranslationDb): Promise<SharedMemoryLoadRow[]> {
  return thoseThatFit(sharedMemoryLoadRow, await db.sharedMemoryLoads.toArray())
}

export async function keepSharedMemoryPage(
  db: TranslationDb,
  src: string,
  dst: string,
  units: ReadonlyArray<Omit<SharedMemoryRow, 'src' | 'dst'>>,
  after: number,
  nowMs = Date.now(),
): Promise<void> {
  const load: SharedMemoryLoadRow = { pair: sharedMemoryPair(src, dst), src, dst, after, loadedAt: nowMs }
  await db.transaction('rw', db.sharedMemory, db.sharedMemoryLoads, async () => {
    await db.sharedMemory.bulkPut(units.map((unit) => ({ ...unit, src, dst })))
    await db.sharedMemoryLoads.put(load)
  })
}

/** The pair's kept units after the id `after`, by id; a unit that does not fit is passed over. */
export async function sharedMemoryUnits(db: TranslationDb, src: string, dst: string, after = 0): Promise<SharedMemoryRow[]> {
  const rows = await db.sharedMemory
    .where('[src+dst+id]')
    .between([src, dst, after + 1], [src, dst, Dexie.maxKey], true, true)
    .toArray()
  return thoseThatFit(sharedMemoryRow, rows)
}
