import { useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import { m } from '../../../src/paraglide/messages'
import { secondaryButtonClass } from '../../ui/page'
import { showErrorToast } from '../../ui/toast'
import { passwordChangeLinkFn } from './contacts.functions'

/** Staff with CAN_CHANGE_PASSWORD: a change link for the user, then the password-reset screen. */
export function ChangePasswordButton({ email }: { email: string }) {
  const router = useRouter()
  const changeLink = useServerFn(passwordChangeLinkFn)
  const [busy, setBusy] = useState(false)
  return (
    <button
      type="button"
      className={secondaryButtonClass}
      disabled={busy}
      aria-label={m.users_change_password_for({ email })}
      onClick={async () => {
        setBusy(true)
        try {
          const result = await changeLink({ data: { email } })
          if (result.status)
            await router.navigate({ to: '/{-$location}/account/password/change/$token', params: { location: undefined, token: result.data.token } })
          else showErrorToast(result.messages)
        } finally {
          setBusy(false)
        }
      }}
    >
      {m.users_change_password()}
    </button>
  )
}
