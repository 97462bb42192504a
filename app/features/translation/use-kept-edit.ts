import { useEffect, useLayoutEffect, useRef } from 'react'

// The spec's translation edit debounce: what is typed is kept on the device 250 ms after the
// last keystroke, and at once when the editor goes away or the page is hidden or closed.
export const EDIT_DEBOUNCE_MS = 250

export function useKeptEdit(keep: (value: string) => Promise<void>): { change: (value: string) => void; flush: () => Promise<void> } {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const latest = useRef<string | null>(null)
  const keepRef = useRef(keep)
  useLayoutEffect(() => {
    keepRef.current = keep
  })

  const flush = useRef(() => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    const next = latest.current
    latest.current = null
    return next === null ? Promise.resolve() : keepRef.current(next)
  }).current

  useEffect(() => {
    const onHide = () => void flush()
    window.addEventListener('pagehide', onHide)
    document.addEventListener('visibilitychange', onHide)
    return () => {
      window.removeEventListener('pagehide', onHide)
      document.removeEventListener('visibilitychange', onHide)
      void flush()
    }
  }, [flush])

  const change = (value: string) => {
    latest.current = value
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(() => void flush(), EDIT_DEBOUNCE_MS)
  }
  return { change: change, flush }
}
