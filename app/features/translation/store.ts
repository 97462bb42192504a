import { useEffect, useRef, useState } from 'react'
import { once } from '../../ui/lazy-part'
import type * as StoreParts from './store-parts'

// The translation workspace's local store (IndexedDB through Dexie, ~31 KB gzip with its store
// code) is loaded on first use, not with the screen: a translation screen paints and hydrates
// from the server's HTML, and its first effect asks for the store
// (docs/decisions/035-page-weight.md). Offline the chunk comes from the service worker's precache
// like every script.

export type Store = typeof StoreParts

/**
 * The store's module; fetched once, and again after a failed fetch. Before anything reads it,
 * the texts journalled at a keystroke whose store write the last page did not finish are put in
 * (edit-journal.ts); a failure there is logged and the journal waits for the next load.
 */
export const loadStore: () => Promise<Store> = once(async () => {
  const store = await import('./store-parts')
  try {
    await store.replayJournal(store.translationDb())
  } catch (error) {
    console.warn('[portal] the journal of typed texts could not be put into the store:', error)
  }
  return store
})

/**
 * A live query on the store (Dexie's liveQuery, as dexie-react-hooks' useLiveQuery): undefined
 * until the store is loaded and the query first answered, then every later answer, also for
 * changes made in another tab. When `deps` change, the last answer stays until the new query's
 * first; a failed query is thrown to the nearest error boundary.
 */
export function useStoreQuery<T>(query: (store: Store) => Promise<T> | T, deps: ReadonlyArray<unknown>): T | undefined {
  const [state, setState] = useState<{ result: T | undefined; error: unknown }>({ result: undefined, error: null })
  const queryRef = useRef(query)
  useEffect(() => {
    queryRef.current = query
  })
  useEffect(() => {
    let closed = false
    let subscription: { unsubscribe: () => void } | null = null
    const fail = (error: unknown) => {
      if (!closed) setState((current) => ({ ...current, error }))
    }
    loadStore().then((store) => {
      if (closed) return
      subscription = store
        .liveQuery(() => queryRef.current(store))
        .subscribe({
          next: (result) => {
            if (!closed) setState((current) => (current.result === result && current.error === null ? current : { result, error: null }))
          },
          error: fail,
        })
    }, fail)
    return () => {
      closed = true
      subscription?.unsubscribe()
    }
    // `deps`: the query's own inputs, as the caller lists them (as useLiveQuery's).
  }, deps)
  if (state.error !== null) throw state.error
  return state.result
}
