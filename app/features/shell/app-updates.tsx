import { useEffect, useState } from 'react'
import { APP_VERSION } from '../../../src/domain/limits'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { whenIdle } from '../../ui/lazy-part'
import { useLocale } from '../../ui/locale'
import { useOnline } from '../../ui/use-online'
import { Notice } from '../../ui/page'
import type { WaitingUpdate } from './worker-registration'

export const BUILD_ID = import.meta.env.VITE_BUILD_ID ?? APP_VERSION

/**
 * The build's id on the page, a notice while offline, and the service worker
 * (worker-registration.ts), whose script is fetched once the page is there: no page needs it to
 * be shown. Its update prompt (app-update-prompt.tsx) is fetched when a new version waits
 * (docs/decisions/035-page-weight.md).
 */
export function AppUpdates() {
  useLocale()
  const online = useOnline()
  const [prompt, setPrompt] = useState<WaitingUpdate | null>(null)

  useEffect(() => {
    document.documentElement.dataset.build = BUILD_ID
  }, [])

  // After the page's load event and the browser's next idle moment: the worker's first install
  // fetches every script of the portal for offline use, which during the page's own start would
  // share a phone's network and processor with it (docs/decisions/035-page-weight.md).
  useEffect(() => {
    if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
    let cancelled = false
    let cancelIdle: (() => void) | undefined
    let stopWorker: (() => void) | undefined
    const start = () => {
      import('./worker-registration')
        .then(({ startWorker }) => {
          if (!cancelled) stopWorker = startWorker(setPrompt)
        })
        .catch((error: unknown) => console.warn('[portal] service worker unavailable', error))
    }
    const afterLoad = () => {
      cancelIdle = whenIdle(start)
    }
    if (document.readyState === 'complete') afterLoad()
    else window.addEventListener('load', afterLoad, { once: true })
    return () => {
      cancelled = true
      window.removeEventListener('load', afterLoad)
      cancelIdle?.()
      stopWorker?.()
    }
  }, [])

  return (
    <>
      {online ? null : (
        <Notice tone="warning" className={css({ position: 'sticky', bottom: '0', borderRadius: '0', zIndex: 'banner' })}>
          {m.offline_notice()}
        </Notice>
      )}
      {prompt ? <prompt.Prompt apply={prompt.apply} /> : null}
    </>
  )
}
