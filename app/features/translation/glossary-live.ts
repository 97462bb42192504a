import type { GlossaryRow } from './glossary-keys'
import { mayLoadFromServer } from './pending-owner'
import { loadStore } from './store'

// The glossary of a pair of languages kept on this device, as the translation screens follow it
// (glossary-editor.tsx loads this module when the browser is first idle): every
// field of a catalogue screen asks for it, and one live query per pair serves them all. The
// first to ask, online, has it loaded from the server too (glossary-sync.ts).

type Shared = {
  src: string
  dst: string
  terms: ReadonlyArray<GlossaryRow> | undefined
  listeners: Set<() => void>
  stop: (() => void) | null
}

const shared = new Map<string, Shared>()
const NONE: ReadonlyArray<GlossaryRow> = []

function sharedFor(src: string, dst: string): Shared {
  const id = `${src}|${dst}`
  let entry = shared.get(id)
  if (!entry) {
    entry = { src, dst, terms: undefined, listeners: new Set(), stop: null }
    shared.set(id, entry)
  }
  return entry
}

function start(entry: Shared): void {
  let stopped = false
  let subscription: { unsubscribe: () => void } | null = null
  entry.stop = () => {
    stopped = true
    subscription?.unsubscribe()
  }
  void loadStore().then((store) => {
    if (stopped) return
    subscription = store
      .liveQuery(() => store.glossaryOf(store.translationDb(), entry.dst))
      .subscribe({
        next: (kept) => {
          entry.terms = (kept?.terms ?? []).filter((term) => term.source === entry.src)
          for (const listener of entry.listeners) listener()
        },
        // A store that cannot be read leaves the screen without glossary, not broken.
        error: () => undefined,
      })
  })
  // Online, the screen that asks for the pair's terms gets the server's (not again within a minute),
  // when its user may read them (CAN_TRANSLATE): a visitor's copy stays what the device has.
  if (navigator.onLine && mayLoadFromServer() && entry.dst !== 'master' && entry.src !== entry.dst)
    void import('./glossary-sync').then(
      (sync) => sync.syncGlossary(entry.dst, { force: false }),
      () => undefined,
    )
}

function subscribeTo(entry: Shared) {
  return (listener: () => void) => {
    entry.listeners.add(listener)
    if (!entry.stop) start(entry)
    return () => {
      entry.listeners.delete(listener)
      if (entry.listeners.size === 0) {
        entry.stop?.()
        entry.stop = null
      }
    }
  }
}

/** What the hook reads: the terms of the pair, undefined until read. */
export function snapshot(src: string, dst: string): ReadonlyArray<GlossaryRow> | undefined {
  return sharedFor(src, dst).terms
}

/** Follows the terms of the pair (one live query per pair, however many listen). */
export function subscribe(src: string, dst: string, listener: () => void): () => void {
  return subscribeTo(sharedFor(src, dst))(listener)
}

/**
 * The terms into `dst` that an open screen uses (its pair of languages): the save's summary
 * checks the edits with them, as the server does. None when no screen reads them.
 */
export function glossaryFor(dst: string): ReadonlyArray<GlossaryRow> {
  let found: Shared | undefined
  for (const entry of shared.values()) if (entry.dst === dst && entry.listeners.size > 0 && (!found || entry.src === 'master')) found = entry
  return found?.terms ?? NONE
}
