import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import { m } from '../../src/paraglide/messages'
import { deliverToast } from './toast-queue'
import { useHydrated } from './use-hydrated'

// Toasts: top-centre, type info, 5000 ms by default;
// failures titled 'Fehler' / 'Error' with the messages joined by line breaks.
// A text may be a function, so an open toast follows a language switch.
//
// This module is what every screen loads: the calls and a queue. The region that shows them
// (Ark's toaster, toast-region.tsx) is not in the first load: it is fetched when the browser is
// idle after the page is shown, or at once with the first toast, and precached by the offline
// shell like every script (docs/decisions/035-page-weight.md).
export type Text = string | (() => string)

export type ToastType = 'info' | 'success' | 'error' | 'warning'

export type ToastRequest = { title: Text; lines?: ReadonlyArray<Text>; type?: ToastType; durationMs?: number }

// Whether the region is wanted (a toast was asked for, or the page is idle): AppToaster loads it.
let asked = false
const listeners = new Set<() => void>()
function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function showToast(request: ToastRequest): void {
  if (!deliverToast(request)) askForRegion()
}

/** A failure answer: its messages (or the network error) under the title 'Fehler' / 'Error'. */
export function showErrorToast(lines: ReadonlyArray<Text>): void {
  showToast({ title: () => m.error_title(), lines, type: 'error' })
}

const ToastRegion = lazy(() => import('./toast-region'))

// Once the page is shown and the browser idle, the region is loaded ahead of need: a toast
// asked for just before the page leaves (the shop hand-off) is shown at once, not after a fetch.
function whenIdle(then: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(then, { timeout: 3000 })
    return () => cancelIdleCallback(handle)
  }
  const timer = setTimeout(then, 1000)
  return () => clearTimeout(timer)
}

function askForRegion(): void {
  if (asked) return
  asked = true
  for (const listener of listeners) listener()
}

export function AppToaster() {
  useEffect(() => whenIdle(askForRegion), [])
  const hydrated = useHydrated()
  const wanted = useSyncExternalStore(
    subscribe,
    () => asked,
    () => false,
  )
  // Toasts only ever come from the browser: the server leaves the toaster (and its machine) out.
  if (!hydrated || !wanted) return null
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  )
}
