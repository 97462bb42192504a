import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import { m } from '../../../src/paraglide/messages'
import { ConfirmDialog } from '../../ui/modal'
import { secondaryButtonClass } from '../../ui/page'
import { showErrorToast, showToast } from '../../ui/toast'
import { endUserSessionsFn } from './contacts.functions'

// manage-users' "end all sessions" of a user (decision 056): asked first; the toast says how
// many ended. The caller's own row has none (the server refuses it too).
export function EndUserSessionsButton({ id, email }: { id: number; email: string }) {
  const [open, setOpen] = useState(false)
  const endSessions = useServerFn(endUserSessionsFn)
  async function confirm(): Promise<void> {
    const answer = await endSessions({ data: { id } })
    setOpen(false)
    if (!answer.status) return showErrorToast(answer.messages)
    const count = String(answer.data.ended)
    showToast({ title: () => m.users_sessions_ended({ email, count }), type: 'success' })
  }
  return (
    <>
      <button type="button" className={secondaryButtonClass} aria-label={m.users_end_sessions_label({ email })} onClick={() => setOpen(true)}>
        {m.users_end_sessions()}
      </button>
      <ConfirmDialog
        open={open}
        title={m.users_end_sessions_title({ email })}
        text={m.users_end_sessions_text({ email })}
        confirmLabel={m.users_end_sessions_confirm()}
        busyLabel={m.users_ending()}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  )
}
