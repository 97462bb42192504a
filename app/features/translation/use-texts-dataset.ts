import { useServerFn } from '@tanstack/react-start'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useOnline } from '../../ui/use-online'
import { datasetId, type EntryRow, type Scope } from './local-keys'
import { readTextsAnswer } from './raw-answer'
import { loadStore, useStoreQuery } from './store'
import { loadTextsFn } from './translation.functions'

// The workspace's texts of one pair of languages, read from IndexedDB: the first rows at once,
// then all of them, and patched when a save (in this or another tab) changed some. The server
// is asked only when this device has no copy yet, or when the translator asks.

const FIRST_PAINT_ROWS = 60

export type Load = { phase: 'idle' } | { phase: 'fetching' } | { phase: 'storing'; progress: number }

export function useTextsDataset({
  scope,
  src,
  dst,
  canTranslate,
  owner,
}: {
  scope: Scope
  src: string
  dst: string
  canTranslate: boolean
  /** Whose edits are shown (pending-owner.ts); null until known. */
  owner: string | null
}) {
  const loadTexts = useServerFn(loadTextsFn)
  const id = datasetId(scope, src, dst)
  const online = useOnline()

  // undefined while IndexedDB is read, null when this device has no copy yet.
  const dataset = useStoreQuery((store) => store.keptDataset(store.translationDb(), id), [id])
  const pendingRows = useStoreQuery((store) => store.pendingOf(store.translationDb(), owner, scope, dst), [owner, scope, dst])
  const pending = useMemo(() => new Map((pendingRows ?? []).map((row) => [row.key, row])), [pendingRows])

  // Another id means source or target changed, which clears the list until the new one is
  // read, so no stale texts show under the new languages.
  const [loaded, setLoaded] = useState<{ id: string; entries: EntryRow[]; complete: boolean } | null>(null)
  const entries = loaded && loaded.id === id ? loaded.entries : null
  const complete = loaded !== null && loaded.id === id && loaded.complete
  const [load, setLoad] = useState<Load>({ phase: 'idle' })
  const [problem, setProblem] = useState<'login' | 'offline' | string[] | null>(null)

  // Without the permission, or with one language on both sides, there is nothing to ask for.
  const fetchFromServer = useCallback(async () => {
    if (!canTranslate || src === dst) return
    setProblem(null)
    setLoad({ phase: 'fetching' })
    try {
      const answer = await readTextsAnswer(await loadTexts({ data: { scope, src, dst } }), scope)
      if (answer.kind === 'login') setProblem('login')
      else if (answer.kind === 'refused') setProblem(answer.messages)
      else {
        setLoad({ phase: 'storing', progress: 0 })
        const store = await loadStore()
        await store.storeDataset(store.translationDb(), scope, src, dst, answer.data, (progress) => setLoad({ phase: 'storing', progress }))
      }
    } catch {
      setProblem('offline')
    } finally {
      setLoad({ phase: 'idle' })
    }
  }, [canTranslate, loadTexts, scope, src, dst])

  const tried = useRef(new Set<string>())
  useEffect(() => {
    if (dataset !== null || !online || tried.current.has(id)) return
    tried.current.add(id)
    void fetchFromServer()
  }, [dataset, online, id, fetchFromServer])

  const loadedAt = dataset ? dataset.loadedAt : null
  useEffect(() => {
    if (loadedAt === null) return
    let cancelled = false
    void (async () => {
      const store = await loadStore()
      const db = store.translationDb()
      const first = await store.firstEntries(db, id, FIRST_PAINT_ROWS)
      performance.mark('t9n:first')
      if (cancelled) return
      setLoaded((current) => (current && current.id === id && current.complete ? current : { id, entries: first, complete: false }))
      // After the first rows are on screen, so reading 100,000 does not hold them up.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
      const all = await store.allEntries(db, id)
      if (!cancelled) setLoaded({ id, entries: all, complete: true })
    })()
    return () => {
      cancelled = true
    }
  }, [loadedAt, id])

  const lastChange = dataset?.lastChange
  useEffect(() => {
    if (!lastChange || loadedAt === null) return
    let cancelled = false
    void loadStore()
      .then((store) => store.entriesByKey(store.translationDb(), id, lastChange.keys))
      .then((changed) => {
        if (cancelled || changed.length === 0) return
        const byOrder = new Map(changed.map((entry) => [entry.order, entry]))
        setLoaded((current) => {
          if (!current || current.id !== id || !current.complete) return current
          return { ...current, entries: current.entries.map((entry) => byOrder.get(entry.order) ?? entry) }
        })
      })
    return () => {
      cancelled = true
    }
  }, [lastChange, loadedAt, id])

  return { id, online, dataset, pendingRows, pending, entries, complete, load, problem, fetchFromServer }
}
