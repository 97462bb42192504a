import type { ToastRequest } from './toast'

// Where the toasts go: the loaded region (toast-region.tsx) once it has attached itself, else a
// queue it takes over. It lives here, not in toast.tsx, so the region — loaded on demand by
// toast.tsx — does not import back from the module that loads it.
const waiting: ToastRequest[] = []
let region: ((request: ToastRequest) => void) | null = null

/** Shows the toast in the region if it is there; else queues it and answers false. */
export function deliverToast(request: ToastRequest): boolean {
  if (region) {
    region(request)
    return true
  }
  waiting.push(request)
  return false
}

/**
 * The loaded region's module takes over as it is evaluated: the toasts asked for while it loaded
 * go into its store first, so its toaster shows them when it mounts (a toast created between
 * the mount and the store's first subscriber is kept but not drawn until the next one).
 */
export function attachToastRegion(show: (request: ToastRequest) => void): void {
  region = show
  for (const request of waiting.splice(0)) show(request)
}
