import { useEffect, useState, useSyncExternalStore } from 'react'
import type { MemoryTextKind } from '../../../src/domain/translation-memory'
import type { FromMemory, MemoryQuery, MemoryStatus, ShownMatch, ToMemory } from './memory-protocol'
import { whenFirstUsed, whenIdle } from '../../ui/lazy-part'
import { mayLoadFromServer } from './pending-owner'

// The screens' side of the translation memory (memory.worker.ts): one worker per tab, started
// by the first screen that shows it (useMemoryStatus says when); lookups are answered by
// message, the status is a small store.
// The messages' schemas (and zod) load with the worker, not with the screen's first paint
// (decision 035's page weight): what the worker sends waits for them, in the order it came.
const loadProtocol = () => import('./memory-protocol')

let worker: Worker | null = null
let nextId = 1
const waiting = new Map<number, (message: FromMemory) => void>()
let current: MemoryStatus = { units: 0, building: true, firstBuildMs: null }
const listeners = new Set<() => void>()
let lastOwner: string | null = null

function receive(fromMemory: Awaited<ReturnType<typeof loadProtocol>>['fromMemory'], event: MessageEvent) {
  const parsed = fromMemory.safeParse(event.data)
  if (!parsed.success) return console.error('translation memory: an unreadable message', parsed.error.message)
  const message = parsed.data
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
    const protocol = loadProtocol()
    worker = new Worker(new URL('./memory.worker.ts', import.meta.url), { type: 'module', name: 'translation-memory' })
    worker.onmessage = (event) =>
      void protocol.then(
        (schemas) => receive(schemas.fromMemory, event),
        (error: unknown) => console.error('translation memory: its message schemas did not load', error),
      )
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

type Answer<K extends FromMemory['type']> = Extract<FromMemory, { type: K }>

function isAnswer<K extends FromMemory['type']>(answer: FromMemory, type: K): answer is Answer<K> {
  return answer.type === type
}

/** Asks the worker; the answer is the message of the same id, of type `answerType`. */
function ask<K extends FromMemory['type']>(
  owner: string | null,
  message: ToMemory & { id: number; src: string; dst: string },
  answerType: K,
): Promise<Answer<K>> {
  memoryWorker(owner)
  loadShared(message.src, message.dst)
  return new Promise((resolve) => {
    waiting.set(message.id, (answer) => {
      if (isAnswer(answer, answerType)) resolve(answer)
    })
    send(message)
  })
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const noSubscription = () => () => {}

/**
 * Starts the memory for this user and follows its status; `enabled` false: neither (a field that
 * is not being edited). When the offline shell serves this page, its precache holds the worker's
 * script: the worker starts when the browser is first idle, so the index is built before the
 * first match is asked for. On a first visit (no offline shell yet) the script, the message
 * schemas and the index are not the screen's first load (decision 035): the worker starts at the
 * person's first tap, key or focus. A question (a field opened, "Fill exact matches", the
 * concordance) starts it at once either way.
 */
export function useMemoryStatus(owner: string | null, enabled = true): MemoryStatus {
  useEffect(() => {
    if (!enabled) return
    const start = () => void memoryWorker(owner)
    if (worker) return start()
    return navigator.serviceWorker?.controller ? whenIdle(start) : whenFirstUsed(start)
  }, [owner, enabled])
  return useSyncExternalStore(
    enabled ? subscribe : noSubscription,
    () => current,
    () => current,
  )
}

/** Up to five matches for the source being translated; null until the worker answered. */
export function useMemoryMatches(owner: string | null, query: MemoryQuery | null): ShownMatch[] | null {
  const status = useMemoryStatus(owner, query !== null)
  const [answer, setAnswer] = useState<{ for: string; matches: ShownMatch[] } | null>(null)
  const asked = query ? JSON.stringify(query) : null
  useEffect(() => {
    if (asked === null) return
    let closed = false
    const id = nextId++
    void loadProtocol()
      .then(({ memoryQuery }) => ask(owner, { type: 'lookup', id, ...memoryQuery.parse(JSON.parse(asked)) }, 'matches'))
      .then(
        (message) => {
          if (!closed) setAnswer({ for: asked, matches: message.matches })
        },
        () => undefined,
      )
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
  const answer = await ask(owner, { type: 'exact', id: nextId++, ...query }, 'exact')
  return answer.fills
}

/** The concordance: where a word or phrase stands in the device's texts of a pair of languages. */
export async function concordance(owner: string | null, query: { src: string; dst: string; needle: string }) {
  const answer = await ask(owner, { type: 'concordance', id: nextId++, ...query }, 'concordance')
  return { hits: answer.hits, total: answer.total }
}
