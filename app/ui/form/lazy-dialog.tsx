import { useEffect, useState, type ReactNode } from 'react'
import { once, whenFirstUsed } from '../lazy-part'
import './dialog-focus'

// The modal dialog on first use (docs/decisions/035-page-weight.md): Ark's dialog, its focus trap,
// dismissal and presence (about 15 KB gzip) are not in a screen's first load. They are fetched at
// the first tap, key or focus on a screen with a dialog (the press that opens one starts it), or at
// once when one opens; until they are there an open dialog waits (nothing of a closed dialog is in
// the page either way).
// Offline, the offline shell serves the script from its precache; where the shell has not taken the
// page yet and the fetch fails, an open dialog tries again when the connection comes back.
type Props = { open: boolean; title: string; onClose: () => void; children: ReactNode }
type DialogComponent = (props: Props) => ReactNode

const loadDialog = once(() => import('./dialog').then((module): DialogComponent => module.default))
let loaded: DialogComponent | null = null

/** A modal dialog named by its title: focus moves in and stays inside, Esc closes it, focus returns to where it was (dialog.tsx). */
export function Dialog(props: Props) {
  const [Component, setComponent] = useState<DialogComponent | null>(() => loaded)
  const [attempt, setAttempt] = useState(0)
  const { open } = props
  useEffect(() => {
    if (Component) return
    let retry: (() => void) | null = null
    const use = () =>
      void loadDialog().then(
        (component) => {
          loaded = component
          setComponent(() => component)
        },
        (error: unknown) => {
          console.warn('[portal] the dialog could not load:', error)
          if (!open) return
          retry = () => setAttempt((count) => count + 1)
          window.addEventListener('online', retry, { once: true })
        },
      )
    const cancelWait = open ? (use(), null) : whenFirstUsed(use)
    return () => {
      cancelWait?.()
      if (retry) window.removeEventListener('online', retry)
    }
  }, [Component, open, attempt])
  return Component ? <Component {...props} /> : null
}
