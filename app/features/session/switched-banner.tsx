import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import type { SessionUser } from '../../../src/contract/session'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { messagesOf } from '../../ui/call-result'
import { Notice, secondaryButtonClass } from '../../ui/page'
import { showErrorToast } from '../../ui/toast'
import { switchBackFn } from './switch-user.functions'

// While switched, every page says who is acting as whom and offers the way back.
export function SwitchedBanner({ user }: { user: SessionUser }) {
  const back = useServerFn(switchBackFn)
  const [busy, setBusy] = useState(false)
  if (!user.switched_by) return null
  const real = user.switched_by.username
  async function switchBack() {
    setBusy(true)
    const result = await back().catch((error: unknown) => ({ ok: false as const, messages: messagesOf(error) }))
    if (result.ok) window.location.assign('/switch-user')
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
      <span data-testid="switched-banner">{m.switched_banner({ user: user.username, real })}</span>
      <button type="button" className={secondaryButtonClass} onClick={() => void switchBack()} disabled={busy}>
        {m.switched_back({ real })}
      </button>
    </Notice>
  )
}
