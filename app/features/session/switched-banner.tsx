import { useServerFn } from '@tanstack/react-start'
import { useEffect, useState } from 'react'
import type { SessionUser } from '../../../src/contract/session'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { messagesOf } from '../../ui/call-result'
import { formatTime } from '../../ui/format'
import { Notice, secondaryButtonClass } from '../../ui/page'
import { showErrorToast } from '../../ui/toast'
import { switchEndedHref } from '../../ui/switch-ended'
import { switchBackFn } from './switch-user.functions'

// While switched, every page says who is acting as whom, until when, and offers the way back.
// When the switch's time is up the page goes back by itself (decision 055); a second's grace
// lets the server's clock agree that it ended.
const GRACE_MS = 1000

export function SwitchedBanner({ user }: { user: SessionUser }) {
  const back = useServerFn(switchBackFn)
  const [busy, setBusy] = useState(false)
  const by = user.switched_by
  useEffect(() => {
    if (!by) return
    const timer = setTimeout(
      () => {
        void back().finally(() => window.location.assign(switchEndedHref(user.username, by.minutes)))
      },
      Math.max(0, Date.parse(by.ends_at) - Date.now() + GRACE_MS),
    )
    return () => clearTimeout(timer)
  }, [back, by, user.username])
  if (!by) return null
  const real = by.username
  async function switchBack() {
    setBusy(true)
    const result = await back().catch((error: unknown) => ({ status: false as const, messages: messagesOf(error) }))
    if (result.status) window.location.assign('/switch-user')
    else {
      showErrorToast(result.messages)
      setBusy(false)
    }
  }
  return (
    <Notice
      tone="warning"
      role="status"
      className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between', borderRadius: 0 })}
    >
      <span data-testid="switched-banner">{m.switched_banner_until({ user: user.username, real, time: formatTime(by.ends_at) })}</span>
      <button type="button" className={secondaryButtonClass} onClick={() => void switchBack()} disabled={busy}>
        {m.switched_back({ real })}
      </button>
    </Notice>
  )
}
