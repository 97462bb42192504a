import { useServerFn } from '@tanstack/react-start'
import { loginInput, type SessionUser } from '../../../src/contract/session'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useZodForm } from '../../ui/form/use-zod-form'
import { useLocale } from '../../ui/locale'
import { showErrorToast } from '../../ui/toast'
import { loginFn } from './session.functions'

// The login's rules are the /vue/login/ body schema; the server's refusal ("username or
// password is wrong", throttling, login off) is about the form, not one field.
export function LoginForm({
  onLoggedIn,
  test = false,
  disabled = false,
}: {
  onLoggedIn: (user: SessionUser) => void | Promise<void>
  test?: boolean
  disabled?: boolean
}) {
  useLocale()
  const login = useServerFn(loginFn)
  const form = useZodForm({
    schema: loginInput,
    defaultValues: { username: '', password: '' },
    labels: { username: () => m.field_username(), password: () => m.field_password() },
    words: {
      username: (problem) => (problem.code === 'required' ? m.login_username_required() : undefined),
      password: (problem) =>
        problem.code === 'required' ? m.login_password_required() : problem.code === 'too_short' ? m.login_password_too_short() : undefined,
    },
    onSubmit: async (value) => {
      const result = await login({ data: { ...value, test: test ? '1' : undefined } })
      if (result.ok) return void (await onLoggedIn(result.user))
      showErrorToast(result.messages)
      return { messages: result.messages, field: null }
    },
  })
  return (
    <form.AppForm>
      <form.Frame className={css({ maxW: 'md' })}>
        <form.AppField name="username">
          {(field) => <field.TextInput label={m.field_username()} required autoComplete="username" inputMode="email" maxLength={254} />}
        </form.AppField>
        <form.AppField name="password">{(field) => <field.PasswordInput label={m.field_password()} required autoComplete="current-password" />}</form.AppField>
        <form.Alert />
        <form.SubmitButton busyLabel={m.login_submitting()} disabled={disabled}>
          {test ? m.test_login_submit() : m.login_submit()}
        </form.SubmitButton>
      </form.Frame>
    </form.AppForm>
  )
}
