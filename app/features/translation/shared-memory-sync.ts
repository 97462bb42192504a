import { loadMemoryPageFn } from './memory.functions'
import { loadStore } from './store'

// Loads the team's shared memory of a pair from the server into the device's copy, page by page
// from where the last load stopped (docs/decisions/049, "TMX and the shared memory"). The memory's
// worker follows the copy, so offline search finds the units once they were loaded. memory-client.ts
// loads this module when a screen first asks the memory about a pair, online.

// A pair asked about again within a minute (the next field, the next screen) is not loaded again.
const FRESH_MS = 60_000
const syncedAt = new Map<string, number>()
const running = new Map<string, Promise<boolean>>()

async function sync(src: string, dst: string): Promise<boolean> {
  const store = await loadStore()
  const db = store.translationDb()
  let after = await store.sharedMemoryAfter(db, src, dst)
  for (;;) {
    const answer = await loadMemoryPageFn({ data: { src, dst, after } })
    // Refused (signed out, no longer allowed): the copy stays as it is.
    if (!answer.status) return false
    const { units, next } = answer.data
    const position = next ?? units.at(-1)?.id ?? after
    if (units.length > 0 || position !== after) await store.keepSharedMemoryPage(db, src, dst, units, position)
    if (next === null) return true
    after = next
  }
}

/** Loads what the server has beyond the device's copy of the pair; a failure (offline) keeps the copy. `force`: after an import. */
export async function syncSharedMemory(src: string, dst: string, { force = false }: { force?: boolean } = {}): Promise<void> {
  const pair = `${src}|${dst}`
  if (src === dst || dst === 'master' || (!force && Date.now() - (syncedAt.get(pair) ?? 0) < FRESH_MS)) return
  // After an import, a load that was already running may have missed the new units.
  if (force) await running.get(pair)
  const current = (!force && running.get(pair)) || sync(src, dst).catch(() => false)
  running.set(pair, current)
  try {
    if (await current) syncedAt.set(pair, Date.now())
  } finally {
    running.delete(pair)
  }
}
