import { useEffect, useState, type ComponentType } from 'react'
import { APP_VERSION } from '../../../src/domain/limits'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { whenIdle } from '../../ui/lazy-part'
import { useLocale } from '../../ui/locale'
import { useOnline } from '../../ui/use-online'
import { Notice } from '../../ui/page'

export const BUILD_ID = import.meta.env.VITE_BUILD_ID ?? APP_VERSION

/**
 * The build's id on the page, a notice while offline, and the service worker with its update
 * prompt (app-update-prompt.tsx), whose script is fetched once the page is there: no page needs
 * it to be shown (docs/decisions/035-page-weight.md).
 */
export function AppUpdates() {
  useLocale()
  const online = useOnline()
  const [Prompt, setPrompt] = useState<ComponentType | null>(null)

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
    const start = () => {
      import('./app-update-prompt')
        .then(({ UpdatePrompt }) => {
          if (!cancelled) setPrompt(() => UpdatePrompt)
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
    }
  }, [])

  return (
    <>
      {online ? null : (
        <Notice tone="warning" className={css({ position: 'sticky', bottom: '0', borderRadius: '0', zIndex: 'banner' })}>
          {m.offline_notice()}
        </Notice>
      )}
      {Prompt ? <Prompt /> : null}
    </>
  )
}
