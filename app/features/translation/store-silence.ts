import { useEffect, useState } from 'react'

// The desk reads its texts from IndexedDB (decision 014). A browser whose store stops answering
// (a transaction another tab or a page the browser kept suspended never ends: WebKitGTK 2.50.6
// does so now and then, docs/decisions/046-browser-engines.md) would leave the desk at
// "Loading…" for good; after this long without an answer it says so, and what to do.

/** How long the store may take to answer once its script is there. */
export const STORE_SILENCE_MS = 8_000

/**
 * Whether the store has kept silent for STORE_SILENCE_MS while `waiting` (the desk waits for its
 * answer), counted from when the store's script is loaded: a slow line fetching it is not the
 * store's silence. (The script, not `loadStore`: that one puts the journal in first, and a store
 * that does not answer holds it too.) False again as soon as the answer comes.
 */
export function useStoreSilence(waiting: boolean): boolean {
  const [silent, setSilent] = useState(false)
  useEffect(() => {
    setSilent(false)
    if (!waiting) return
    let closed = false
    let timer: ReturnType<typeof setTimeout> | undefined
    import('./store-parts').then(
      () => {
        if (!closed) timer = setTimeout(() => setSilent(true), STORE_SILENCE_MS)
      },
      () => undefined,
    )
    return () => {
      closed = true
      clearTimeout(timer)
    }
  }, [waiting])
  return waiting && silent
}
