import { useEffect, useState } from 'react'
import { APP_UPDATE_CHECK_MS } from '../../../src/domain/limits'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { PAGES_CACHE } from '../../ui/offline-pages'
import { buttonClass } from '../../ui/page'

/**
 * The service worker (offline shell) and app updates, loaded after the page is shown
 * (app-updates.tsx): registers the worker, checks hourly for a new version and then shows a
 * persistent prompt. Errors from registering are only logged, never shown to the user.
 */
export function UpdatePrompt() {
  useLocale()
  const [update, setUpdate] = useState<null | (() => Promise<void>)>(null)

  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined
    let cancelled = false
    const firstVisit = !navigator.serviceWorker.controller
    void import('virtual:pwa-register')
      .then(({ registerSW }) => {
        if (cancelled) return
        const updateSW = registerSW({
          immediate: true,
          onNeedRefresh: () =>
            setUpdate(() => async () => {
              // workbox-window reloads only when the tab had a worker at load time; a tab
              // opened on the first visit must reload itself once the new version controls it.
              navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true })
              await updateSW(true)
            }),
          onRegisteredSW: (_url, registration) => {
            if (!registration) return
            timer = setInterval(() => {
              registration.update().catch((error: unknown) => console.warn('[portal] update check failed', error))
            }, APP_UPDATE_CHECK_MS)
          },
          onRegisterError: (error: unknown) => console.warn('[portal] service worker registration failed', error),
        })
        // The page of the first visit came before the worker: keep a copy for offline use.
        if (firstVisit) void navigator.serviceWorker.ready.then(() => keepPageForOffline(window.location.href))
      })
      .catch((error: unknown) => console.warn('[portal] service worker unavailable', error))
    return () => {
      cancelled = true
      if (timer) clearInterval(timer)
    }
  }, [])

  if (!update) return null
  return (
    <div
      role="status"
      className={css({
        position: 'fixed',
        bottom: '4',
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 'toast',
        w: 'min(32rem, calc(100vw - 2rem))',
        bg: 'fg',
        color: 'white',
        borderRadius: 'card',
        boxShadow: 'lg',
        px: '4',
        py: '3',
        display: 'flex',
        gap: '3',
        alignItems: 'center',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
      })}
    >
      <span>{m.update_available()}</span>
      <button type="button" className={buttonClass} onClick={() => void update()}>
        {m.update_reload()}
      </button>
    </div>
  )
}

async function keepPageForOffline(href: string): Promise<void> {
  try {
    const cache = await caches.open(PAGES_CACHE)
    await cache.add(new Request(href, { credentials: 'same-origin' }))
  } catch (error) {
    console.warn('[portal] could not keep the page for offline use', error)
  }
}
