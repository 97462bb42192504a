import { Suspense, lazy, type ComponentProps } from 'react'
import type * as Notices from './access-notice'
import type * as Ended from './session-ended-notice'

// What a translation screen says when loading or saving needs a login or the permission
// (access-notice.tsx) is fetched only when there is something to say: a translator with
// CAN_TRANSLATE never loads it (decision 035). The server renders it as before; the offline
// shell precaches it like every script.
const LazyAccessNotice = lazy(() => import('./access-notice').then((module) => ({ default: module.AccessNotice })))
const LazySessionEnded = lazy(() => import('./session-ended-notice').then((module) => ({ default: module.SessionEndedNotice })))

/** What is missing for loading and saving: a login, or the translation permission. */
export function AccessNotice(props: ComponentProps<typeof Notices.AccessNotice>) {
  if (props.access.canTranslate) return null
  return (
    <Suspense fallback={null}>
      <LazyAccessNotice {...props} />
    </Suspense>
  )
}

/** The server no longer takes this session (401): edits stay on the device; log in again. */
export function SessionEndedNotice(props: ComponentProps<typeof Ended.SessionEndedNotice>) {
  return (
    <Suspense fallback={null}>
      <LazySessionEnded {...props} />
    </Suspense>
  )
}
