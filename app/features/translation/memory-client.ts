import { useEffect, useState, useSyncExternalStore } from 'react'
import type { MemoryOrigin, MemoryTextKind } from '../../../src/domain/translation-memory'
import type { FromMemory, MemoryStatus, ShownMatch, ToMemory } from './memory-protocol'
import { mayLoadFromServer } from './pending-owner'

// The screens' side of the translation memory (memory.worker.ts): one worker per tab, started
// by the first screen that asks; lookups are answered by message, the status is a small store.

let worker: Worker | null = null
let nextId = 1
const waiting = new Map<number, (message: FromMemory) => void>()
let current: MemoryStatus = { units: 0, building: true, firstBuildMs: null }
const listeners = new Set<() => void>()
let lastOwner: string | null = null

function receive(event: MessageEvent<FromMemory>) {
  const message = event.data
  if (message.type === 'status') {
    current = { units: message.units, building: message.building, firstBuildMs: message.firstBuildMs }
    for (const listener of listeners) listener()
  } else if (message.type === 'failed') {
    console.error('translation memory:', message.message)
  } else {
    waiting.get(message.id)?.(message)
    waiting.delete(message.id)
  }
}

/** The worker, started on first use with the user whose unsaved edits count. */
function memoryWorker(owner: string | null): Worker {
  if (!worker) {
    worker = new Worker(new URL('./memory.worker.ts', import.meta.url), { type: 'module', name: 'translation-memory' })
    worker.onmessage = receive
    lastOwner = owner
    send({ type: 'start', owner })
  } else if (owner !== lastOwner) {
    lastOwner = owner
    send({ type: 'owner', owner })
  }
  return worker
}

function send(message: ToMemory) {
  worker?.postMessage(message)
}

/**
 * Online, a question about a pair first loads the pair's shared memory (imported TMX files) into
 * the device's copy, which the worker follows; the loading is a part of its own, fetched then
 * (docs/decisions/049).
 */
function loadShared(src: string, dst: string) {
  if (navigator.onLine && mayLoadFromServer())
    void import('./shared-memory-sync').then(
      (sync) => sync.syncSharedMemory(src, dst),
      () => undefined,
    )
}

function ask<T extends FromMemory>(owner: string | null, message: ToMemory & { id: number; src: string; dst: string }): Promise<T> {
  memoryWorker(owner)
  loadShared(message.src, message.dst)
  return new Promise((resolve) => {
    waiting.set(message.id, (answer) => resolve(answer as T))
    send(message)
  })
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const noSubscription = () => () => {}

/**
 * Starts the memory for this user (the first translation screen does) and follows its status;
 * `enabled` false: neither (a field that is not being edited).
 */
export function useMemoryStatus(owner: string | null, enabled = true): MemoryStatus {
  useEffect(() => {
    if (enabled) memoryWorker(owner)
  }, [owner, enabled])
  return useSyncExternalStore(
    enabled ? subscribe : noSubscription,
    () => current,
    () => current,
  )
}

export type MemoryQuery = { src: string; dst: string; source: string; exclude: MemoryOrigin | null }

/** Up to five matches for the source being translated; null until the worker answered. */
export function useMemoryMatches(owner: string | null, query: MemoryQuery | null): ShownMatch[] | null {
  const status = useMemoryStatus(owner, query !== null)
  const [answer, setAnswer] = useState<{ for: string; matches: ShownMatch[] } | null>(null)
  const asked = query ? JSON.stringify(query) : null
  useEffect(() => {
    if (asked === null) return
    const parsed = JSON.parse(asked) as MemoryQuery
    let closed = false
    const id = nextId++
    void ask<Extract<FromMemory, { type: 'matches' }>>(owner, { type: 'lookup', id, ...parsed }).then((message) => {
      if (!closed) setAnswer({ for: asked, matches: message.matches })
    })
    return () => {
      closed = true
    }
    // `asked` stands for the query; the status's unit count asks again when the memory grew.
  }, [asked, owner, status.units, status.building])
  return answer?.for === asked ? answer.matches : null
}

/** For each text, the translation of its exact source elsewhere (not from itself). */
export async function exactMatches(
  owner: string | null,
  query: { src: string; dst: string; kind: MemoryTextKind; texts: Array<{ key: string; source: string }> },
): Promise<Record<string, string>> {
  const answer = await ask<Extract<FromMemory, { type: 'exact' }>>(owner, { type: 'exact', id: nextId++, ...query })
  return answer.fills
}

/** The concordance: where a word or phrase stands in the device's texts of a pair of languages. */
export async function concordance(owner: string | null, query: { src: string; dst: string; needle: string }) {
  const answer = await ask<Extract<FromMemory, { type: 'concordance' }>>(owner, { type: 'concordance', id: nextId++, ...query })
  return { hits: answer.hits, total: answer.total }
}
