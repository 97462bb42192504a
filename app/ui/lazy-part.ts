import { useSyncExternalStore } from 'react'

// What a part of a screen that loads its script on first use (a list's row menu, its tooltip)
// shares between the part that is always there (the buttons, rendered on the server) and the
// part that comes later (Ark's machine and popup): a value the buttons read as it changes, and
// the moment to fetch the script before anyone reaches for it (the browser's first idle moment,
// or the person's first interaction with the page).

export type Store<T> = { get: () => T; set: (value: T) => void; subscribe: (listener: () => void) => () => void }

export function createStore<T>(initial: T): Store<T> {
  let value = initial
  const listeners = new Set<() => void>()
  return {
    get: () => value,
    set: (next) => {
      if (Object.is(next, value)) return
      value = next
      for (const listener of listeners) listener()
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** The store's value, re-rendering when it changes; the first value on the server and while hydrating. */
export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get)
}

/** Runs `run` when the browser is next idle (at the latest after `timeoutMs`); the returned function cancels it. */
export function whenIdle(run: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: timeoutMs })
    return () => window.cancelIdleCallback(handle)
  }
  const handle = window.setTimeout(run, 200)
  return () => window.clearTimeout(handle)
}

/** What a person does first on a page, whatever the device: a tap or click, a key, a field taking the focus. */
const FIRST_USE_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const

/**
 * Runs `run` once, at the person's first interaction with the page (`FIRST_USE_EVENTS`, seen on
 * the document before any handler of the page); the returned function cancels it. For parts
 * that only an action can need: a visitor who only reads never fetches them.
 */
export function whenFirstUsed(run: () => void): () => void {
  const options = { capture: true, passive: true } as const
  const stop = () => {
    for (const type of FIRST_USE_EVENTS) document.removeEventListener(type, fire, options)
  }
  function fire() {
    stop()
    run()
  }
  for (const type of FIRST_USE_EVENTS) document.addEventListener(type, fire, options)
  return stop
}

/**
 * The next task of the event loop: a long piece of work (a part's scripts to evaluate, then its
 * first render) cut where a slow phone may paint and take input in between.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, 0))
}

/** A loader that starts its import once, however often it is asked. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null
  return () => {
    loading ??= load().catch((error: unknown) => {
      // Offline before the script was cached, or a new build: the next reach tries again.
      loading = null
      throw error
    })
    return loading
  }
}

/** What a group calls to load its part: starts `load` and hands the result to `use`; a failure is logged, the next call tries again. */
export function loader<T>(load: () => Promise<T>, use: (value: T) => void, what: string): () => void {
  return () => {
    load().then(use, (error: unknown) => console.warn(`[portal] ${what} could not load:`, error))
  }
}

/**
 * A part's module, fetched once when `load` is first called; `module` only ever resolves. A fetch
 * that failed (offline before the offline shell kept the script, a new build on the server) is
 * logged and tried again at the next tap, key or focus, so a lazy component on `module` waits for
 * a fetch that worked and never throws into the page's error screen. `what` names it in the log.
 */
export function retriedModule<T>(importer: () => Promise<T>, what: string): { load: () => void; module: Promise<T> } {
  let here: (module: T) => void = () => {}
  const module = new Promise<T>((resolve) => (here = resolve))
  let loading = false
  function load(): void {
    if (loading) return
    loading = true
    importer().then(here, (error: unknown) => {
      loading = false
      console.warn(`[portal] ${what} could not load`, error)
      whenFirstUsed(load)
    })
  }
  return { load, module }
}
