import { useEffect } from 'react'
import type { ReviewKind } from '../../../src/domain/review-state'
import { once } from '../../ui/lazy-part'
import { CLAIM_RENEW_MS } from './live-timing'
import type { TranslationAccess } from './translation-access'

// A team on one desk (docs/decisions/049, "Claims and live saves"): while online, the open text
// is claimed (renewed every CLAIM_RENEW_MS, released when it closes or the page goes) and the
// saves, reviews and claims of others are polled into the device's copy. The code comes after
// the screen (live-desk.ts); offline nothing of it runs, and nothing of it ever blocks typing.

const loadLive = once(() => import('./live-desk'))

type Props = {
  scope: ReviewKind
  dst: string
  /** The text whose editor is open. */
  openKey: string | null
  online: boolean
  access: TranslationAccess
  /** Whose edits the desk shows (pending-owner.ts); null until known. */
  owner: string | null
}

export function useLiveDesk({ scope, dst, openKey, online, access, owner }: Props): void {
  const { canTranslate, username } = access
  const active = online && canTranslate && owner !== null

  useEffect(() => {
    if (!active || owner === null) return
    let stop: (() => void) | null = null
    let closed = false
    loadLive().then(
      (live) => {
        if (!closed) stop = live.followDesk({ scope, dst, owner, username })
      },
      () => undefined,
    )
    return () => {
      closed = true
      stop?.()
    }
  }, [active, scope, dst, owner, username])

  useEffect(() => {
    if (!active || openKey === null) return
    const claim = (key: string | null) =>
      void loadLive().then(
        (live) => live.wantClaim(scope, dst, key),
        () => undefined,
      )
    claim(openKey)
    const renew = setInterval(() => claim(openKey), CLAIM_RENEW_MS)
    const release = () => claim(null)
    window.addEventListener('pagehide', release)
    return () => {
      clearInterval(renew)
      window.removeEventListener('pagehide', release)
      release()
    }
  }, [active, scope, dst, openKey])
}
