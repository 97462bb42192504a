import type { ComponentType } from 'react'
import { APP_UPDATE_CHECK_MS } from '../../../src/domain/limits'
import { PAGES_CACHE } from '../../ui/offline-pages'

// The offline shell's service worker (/sw.js, written by the build; docs/decisions/010-offline-shell.md)
// registered with the browser's own API: a new version that waits is told to the page, which
// shows the update prompt (app-update-prompt.tsx) only then. No helper library: the part that
// every page fetches after its load stays a few hundred bytes (docs/decisions/035-page-weight.md).

/** Makes the waiting version the one in charge, then reloads the page on it. */
export type ApplyUpdate = () => void

/** A new version that waits: the prompt to show (its script fetched only now) and what its button does. */
export type WaitingUpdate = { Prompt: ComponentType<{ apply: ApplyUpdate }>; apply: ApplyUpdate }

/**
 * Registers the worker, checks for a new version every `APP_UPDATE_CHECK_MS`, and hands
 * `onUpdate` the update prompt once a new version is installed and waiting while an older one
 * serves this page (installed from this tab or another). Errors are only logged. Answers a stop.
 */
export function startWorker(onUpdate: (update: WaitingUpdate) => void): () => void {
  const firstVisit = !navigator.serviceWorker.controller
  let timer: ReturnType<typeof setInterval> | undefined
  let told = false
  const tell = (registration: ServiceWorkerRegistration) => {
    // Only an update: the first install has no older version to replace.
    if (told || !registration.waiting || !navigator.serviceWorker.controller) return
    told = true
    const apply = () => {
      // The reload comes when the new version has taken over this page.
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true })
      registration.waiting?.postMessage({ type: 'SKIP_WAITING' })
    }
    import('./app-update-prompt')
      .then(({ UpdatePrompt }) => onUpdate({ Prompt: UpdatePrompt, apply }))
      .catch((error: unknown) => console.warn('[portal] the update prompt could not load', error))
  }
  navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then((registration) => {
      tell(registration)
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') tell(registration)
        })
      })
      timer = setInterval(() => {
        registration.update().catch((error: unknown) => console.warn('[portal] update check failed', error))
      }, APP_UPDATE_CHECK_MS)
      // The page of the first visit came before the worker: keep a copy for offline use.
      if (firstVisit) void navigator.serviceWorker.ready.then(() => keepPageForOffline(window.location.href))
    })
    .catch((error: unknown) => console.warn('[portal] service worker registration failed', error))
  return () => {
    if (timer) clearInterval(timer)
  }
}

async function keepPageForOffline(href: string): Promise<void> {
  try {
    const cache = await caches.open(PAGES_CACHE)
    await cache.add(new Request(href, { credentials: 'same-origin' }))
  } catch (error) {
    console.warn('[portal] could not keep the page for offline use', error)
  }
}
