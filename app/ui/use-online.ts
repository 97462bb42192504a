import { useSyncExternalStore } from 'react'

// Whether the page can reach the portal, shared by every screen (docs/decisions/046-browser-engines.md).
// The browser's online and offline events say it first, but a page is not always told: a
// document created while offline in Firefox gets no `online` event when the connection comes
// back, and a server that stops answering sends none. So while the page thinks it is offline
// it looks again — `navigator.onLine`, then one small request to /health — first after a second,
// then less and less often; and at once when the window gets focus or is shown again, or after
// a save failed for want of a connection.

/** The first look after going offline; each next one waits twice as long, up to the last. */
export const ONLINE_CHECK_FIRST_MS = 1_000
export const ONLINE_CHECK_LAST_MS = 30_000
/** How long the look at /health may take before it counts as no answer. */
const HEALTH_TIMEOUT_MS = 3_000

let online = true
const listeners = new Set<() => void>()
let timer: ReturnType<typeof setTimeout> | null = null
let nextDelay = ONLINE_CHECK_FIRST_MS
let checking: Promise<boolean> | null = null

function notify(next: boolean) {
  if (next !== online) {
    online = next
    for (const listener of listeners) listener()
  }
  if (online) stopLooking()
  else if (timer === null) lookLater()
}

function stopLooking() {
  if (timer !== null) clearTimeout(timer)
  timer = null
  nextDelay = ONLINE_CHECK_FIRST_MS
}

function lookLater() {
  if (listeners.size === 0) return
  timer = setTimeout(() => {
    timer = null
    void lookNow()
  }, nextDelay)
  nextDelay = Math.min(nextDelay * 2, ONLINE_CHECK_LAST_MS)
}

/** Whether the browser has a connection and the portal answers through it. */
function reachable(): Promise<boolean> {
  if (!navigator.onLine) return Promise.resolve(false)
  checking ??= fetch('/health', { cache: 'no-store', signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) })
    .then(
      (response) => response.ok,
      () => false,
    )
    .finally(() => {
      checking = null
    })
  return checking
}

async function lookNow(): Promise<void> {
  const answer = await reachable()
  notify(answer)
}

/** The browser's own word, when it speaks (its online and offline events). */
const onBrowserEvent = () => notify(navigator.onLine)

/** Focus and a shown page: the browser may have missed telling; look again, from the start. */
const onReturn = () => {
  if (document.visibilityState === 'hidden') return
  if (!navigator.onLine) notify(false)
  else if (!online) {
    stopLooking()
    void lookNow()
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  if (listeners.size === 1) {
    window.addEventListener('online', onBrowserEvent)
    window.addEventListener('offline', onBrowserEvent)
    window.addEventListener('focus', onReturn)
    window.addEventListener('pageshow', onReturn)
    document.addEventListener('visibilitychange', onReturn)
    notify(navigator.onLine)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size > 0) return
    window.removeEventListener('online', onBrowserEvent)
    window.removeEventListener('offline', onBrowserEvent)
    window.removeEventListener('focus', onReturn)
    window.removeEventListener('pageshow', onReturn)
    document.removeEventListener('visibilitychange', onReturn)
    stopLooking()
  }
}

/**
 * After a request failed for want of a connection (a save): offline unless the browser has a
 * connection and the portal answers — then the page keeps looking until it does.
 */
export async function recheckOnline(): Promise<boolean> {
  const answer = await reachable()
  notify(answer)
  return answer
}

/** Whether the page can reach the portal: see above. Online while rendered on the server. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => online,
    () => true,
  )
}
