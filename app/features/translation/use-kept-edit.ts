import { useEffect, useLayoutEffect, useRef } from 'react'
import { clearJournal, journalEdit, type JournalRecord } from './edit-journal'
import { loadStore } from './store'

// The spec's translation edit debounce (250 ms) is the rhythm of the store's write and so of the
// counts and lists that follow it — never a time in which typed text exists only in memory:
// every keystroke's text is journalled at once (edit-journal.ts), and the store write also
// happens at once when the editor goes away or the page is hidden or closed. Decision 014.
export const EDIT_DEBOUNCE_MS = 250

/** Which text an editor changes: everything of a pending edit but its value and time. */
export type KeptEditTarget = Omit<JournalRecord, 'value' | 'at'>

export function useKeptEdit(
  target: () => KeptEditTarget,
  /** After the store holds the text (the field clears its draft). */
  onKept?: () => void,
): { change: (value: string) => void; flush: () => Promise<void> } {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const latest = useRef<JournalRecord | null>(null)
  const targetRef = useRef(target)
  const keptRef = useRef(onKept)
  useLayoutEffect(() => {
    targetRef.current = target
    keptRef.current = onKept
  })

  const flush = useRef(async () => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    const record = latest.current
    latest.current = null
    if (record === null) return
    const start = performance.now()
    const store = await loadStore()
    await store.putEdit(store.translationDb(), record.owner, record.scope, record.dst, record.entry, record.value, record.at, record.unit)
    performance.measure('t9n:persisted', { start })
    clearJournal(record)
    keptRef.current?.()
  }).current

  useEffect(() => {
    const onHide = () => void flush()
    window.addEventListener('pagehide', onHide)
    window.addEventListener('beforeunload', onHide)
    document.addEventListener('visibilitychange', onHide)
    return () => {
      window.removeEventListener('pagehide', onHide)
      window.removeEventListener('beforeunload', onHide)
      document.removeEventListener('visibilitychange', onHide)
      void flush()
    }
  }, [flush])

  const change = (value: string) => {
    const record: JournalRecord = { ...targetRef.current(), value, at: Date.now() }
    latest.current = record
    journalEdit(record)
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(() => void flush(), EDIT_DEBOUNCE_MS)
  }
  return { change, flush }
}
