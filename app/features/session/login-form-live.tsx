import { useState } from 'react'
import { useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { loginInput, type SessionUser } from '../../../src/contract/session'
import { landingAfterLogin } from '../../../src/domain/landing'
import { REDIRECT_TOAST_MS } from '../../../src/domain/limits'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { messagesOf } from '../../ui/call-result'
import { useZodForm } from '../../ui/form/use-zod-form'
import { useLocale } from '../../ui/locale'
import { showErrorToast, showToast } from '../../ui/toast'
import { guestLoginFn, loginFn } from './session.functions'

// The login's form layer, loaded on first use (login-form.tsx): the form, the guest login and
// where a login lands.

type Router = ReturnType<typeof useRouter>

export type LoginFormProps = {
  /** Where to go after the login (`?redirect=`), if the landing rules allow it. */
  redirectTo?: string
  test?: boolean
  disabled?: boolean
}

/** What the page's first form held when this one took its place. */
export type LoginFormStart = { username: string; password: string; passwordShown: boolean }

/** After a login, the first landing rule that applies wins. */
async function land(router: Router, redirectTo: string | undefined, user: SessionUser): Promise<void> {
  showToast({ title: () => m.login_success(), type: 'success' })
  const landing = landingAfterLogin(user, redirectTo)
  if (landing.kind === 'redirect') await router.navigate({ href: landing.path })
  else if (landing.kind === 'select-line') await router.navigate({ to: '/{-$location}/user/select-line', params: { location: undefined } })
  else if (landing.kind === 'shop') {
    showToast({ title: () => m.redirect_to_shop(), durationMs: REDIRECT_TOAST_MS })
    window.location.assign(landing.url)
  }
  // Dealer admins (and staff) land on the tree of their own company.
  else await router.navigate({ to: '/companies/$cid', params: { cid: user.company[0] }, search: { search: '' } })
}

/** "Login as Guest": the site's guest account, then the same landing as a login. */
export async function guestLogIn(router: Router, redirectTo: string | undefined): Promise<void> {
  try {
    const result = await guestLoginFn()
    if (result.ok) await land(router, redirectTo, result.user)
    else showErrorToast(result.messages)
  } catch (caught) {
    showErrorToast(messagesOf(caught))
  }
}

// The login's rules are the /vue/login/ body schema; the server's refusal ("username or
// password is wrong", throttling, login off) is about the form, not one field.
export function LoginFormLive({ redirectTo, test = false, disabled = false, start }: LoginFormProps & { start: LoginFormStart }) {
  useLocale()
  const router = useRouter()
  const login = useServerFn(loginFn)
  // An account with a second factor answers the right password with a request for the code
  // (decision 054): the code field appears and the next submit sends all three.
  const [askCode, setAskCode] = useState(false)
  const form = useZodForm({
    schema: loginInput,
    defaultValues: { username: start.username, password: start.password },
    labels: { username: () => m.field_username(), password: () => m.field_password(), code: () => m.field_code() },
    words: {
      username: (problem) => (problem.code === 'required' ? m.login_username_required() : undefined),
      password: (problem) =>
        problem.code === 'required' ? m.login_password_required() : problem.code === 'too_short' ? m.login_password_too_short() : undefined,
      code: (problem) => (problem.code === 'required' || problem.code === 'too_short' ? m.login_second_factor_required() : undefined),
    },
    onSubmit: async (value) => {
      const result = await login({ data: { ...value, test: test ? '1' : undefined } })
      if (result.ok && result.setUpSecondFactor) {
        // Required for this account and not set up yet: the Security page first (decision 054).
        showToast({ title: () => m.second_factor_setup_asked(), type: 'success' })
        return void (await router.navigate({ to: '/security' }))
      }
      if (result.ok) return void (await land(router, redirectTo, result.user))
      if (result.secondFactor && value.code === undefined) {
        // Not a mistake but the next step: the prompt shows on the form, not as an error toast.
        form.setFieldValue('code', '')
        setAskCode(true)
        return { messages: result.messages, field: null }
      }
      showErrorToast(result.messages)
      return { messages: result.messages, field: result.secondFactor ? 'code' : null }
    },
  })
  return (
    <form.AppForm>
      <form.Frame className={css({ maxW: 'md' })}>
        <form.AppField name="username">
          {(field) => <field.TextInput label={m.field_username()} required autoComplete="username" inputMode="email" maxLength={254} />}
        </form.AppField>
        <form.AppField name="password">
          {(field) => <field.PasswordInput label={m.field_password()} required autoComplete="current-password" defaultShown={start.passwordShown} />}
        </form.AppField>
        {askCode && (
          <form.AppField name="code">
            {(field) => (
              <field.TextInput
                label={m.field_code()}
                hint={m.login_code_hint()}
                required
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={64}
                autoFocus
              />
            )}
          </form.AppField>
        )}
        <form.Alert />
        <form.SubmitButton busyLabel={m.login_submitting()} disabled={disabled}>
          {test ? m.test_login_submit() : m.login_submit()}
        </form.SubmitButton>
      </form.Frame>
    </form.AppForm>
  )
}
