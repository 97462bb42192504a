import { useEffect, useState } from 'react'

// How the translation screens keep their work on the device
// (docs/decisions/014-translation-local-first.md):
// - the browser is asked to keep the store (storage.persist()): without it, a browser short of
//   space may delete a site's IndexedDB, unsaved edits with it. The screen says what it answered;
// - "save when back online": a preference of this browser, kept in localStorage.

/** 'kept': the browser keeps the store; 'may-clear': it may delete it when short of space; null: not known (yet). */
export type Keeping = 'kept' | 'may-clear' | null

/** Asks the browser once per page to keep the store, and says what it answered. */
export function useDeviceKeeping(ask: boolean): Keeping {
  const [keeping, setKeeping] = useState<Keeping>(null)
  useEffect(() => {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage
    if (!ask || !storage?.persisted || !storage.persist) return
    let cancelled = false
    void (async () => {
      try {
        const kept = (await storage.persisted()) || (await storage.persist())
        if (!cancelled) setKeeping(kept ? 'kept' : 'may-clear')
      } catch {
        if (!cancelled) setKeeping('may-clear')
      }
    })()
    return () => {
      cancelled = true
    }
  }, [ask])
  return keeping
}

const SAVE_WHEN_ONLINE = 'portal:translation:save-when-online'

/** The "save when back online" preference of this browser. */
export function useSaveWhenOnline(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(false)
  useEffect(() => {
    try {
      setOn(localStorage.getItem(SAVE_WHEN_ONLINE) === '1')
    } catch {
      // Storage blocked: the preference stays off.
    }
  }, [])
  const change = (next: boolean) => {
    setOn(next)
    try {
      if (next) localStorage.setItem(SAVE_WHEN_ONLINE, '1')
      else localStorage.removeItem(SAVE_WHEN_ONLINE)
    } catch {
      // Storage blocked: kept for this page only.
    }
  }
  return [on, change]
}
