import { useCallback, useEffect, useRef, useState } from 'react'
import type { z } from 'zod'
import { useOnline } from '../../ui/use-online'
import { loadStore, useStoreQuery } from './store'

// A server answer (catalogue trees, an article's units) kept in IndexedDB: shown from the
// device at once, fetched when there is no copy yet or on request.
export type FetchResult<T> = { kind: 'ok'; data: T } | { kind: 'login' } | { kind: 'refused'; messages: string[] }

export type KeptDocument<T> = {
  /** undefined while IndexedDB is read, null when this device has no copy. */
  doc: { loadedAt: number; data: T } | null | undefined
  loading: boolean
  problem: 'login' | 'offline' | string[] | null
  reload: () => Promise<void>
  online: boolean
}

/** `schema`: the answer's, to parse the kept copy. `allowed`: whether asking the server makes sense (the permission, two different languages). */
export function useKeptDocument<T>(id: string, schema: z.ZodType<T>, fetcher: () => Promise<FetchResult<T>>, allowed: boolean): KeptDocument<T> {
  const online = useOnline()
  const doc = useStoreQuery(async (store) => (await store.keptDocument(store.translationDb(), id, schema)) ?? null, [id, schema])
  const [loading, setLoading] = useState(false)
  const [problem, setProblem] = useState<KeptDocument<T>['problem']>(null)
  const fetcherRef = useRef(fetcher)
  useEffect(() => {
    fetcherRef.current = fetcher
  })

  const reload = useCallback(async () => {
    if (!allowed) return
    setProblem(null)
    setLoading(true)
    try {
      const answer = await fetcherRef.current()
      if (answer.kind === 'ok') {
        const store = await loadStore()
        await store.keepDocument(store.translationDb(), id, answer.data)
      } else setProblem(answer.kind === 'login' ? 'login' : answer.messages)
    } catch {
      setProblem('offline')
    } finally {
      setLoading(false)
    }
  }, [allowed, id])

  const tried = useRef(new Set<string>())
  useEffect(() => {
    if (doc !== null || !online || !allowed || tried.current.has(id)) return
    tried.current.add(id)
    void reload()
  }, [doc, online, allowed, id, reload])

  return { doc, loading, problem, reload, online }
}
