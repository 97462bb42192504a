import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import { m } from '../../src/paraglide/messages'
import { retriedModule, whenFirstUsed } from './lazy-part'
import { deliverToast } from './toast-queue'
import { useHydrated } from './use-hydrated'

// Toasts: top-centre, type info, 5000 ms by default;
// failures titled 'Fehler' / 'Error' with the messages joined by line breaks.
// A text may be a function, so an open toast follows a language switch.
//
// This module is what every screen loads: the calls and a queue. The region that shows them
// (Ark's toaster, toast-region.tsx) is not in the first load: it is fetched at the person's first
// interaction with the page (every toast but a background save's follows one), or at once with
// the first toast, and precached by the offline shell like every script
// (docs/decisions/035-page-weight.md).
export type Text = string | (() => string)

export type ToastType = 'info' | 'success' | 'error' | 'warning'

export type ToastRequest = { title: Text; lines?: ReadonlyArray<Text>; type?: ToastType; durationMs?: number }

// Whether the region is wanted (a toast was asked for, or the page was first used): AppToaster renders it.
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

// The region's module. Its fetch can fail (offline before the offline shell kept it, a new build
// on the server): the region then stays unshown and nothing breaks — the toasts asked for wait in
// the queue (toast-queue.ts), and the next toast or the next use of the page fetches again. The
// lazy component waits for a fetch that worked; it never throws into the page's error screen.
const region = retriedModule(() => import('./toast-region'), 'toasts')
const ToastRegion = lazy(() => region.module)

// At the first tap, key or focus the region is loaded ahead of need: the toast of the action
// that follows (the shop hand-off's, just before the page leaves) is shown at once, not after a
// fetch; a visitor who only reads never loads it.
function askForRegion(): void {
  region.load()
  if (asked) return
  asked = true
  for (const listener of listeners) listener()
}

export function AppToaster() {
  useEffect(() => whenFirstUsed(askForRegion), [])
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
