import { Link } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import { m } from '../../../src/paraglide/messages'
import { keepLocation } from '../../ui/keep-location'
import { css } from '../../../styled-system/css'
import { useZodForm } from '../../ui/form/use-zod-form'
import { useLocale } from '../../ui/locale'
import { Notice, Page, cardClass, headingClass, linkClass } from '../../ui/page'
import { showErrorToast, showToast } from '../../ui/toast'
import { passwordResetFn } from './password.functions'

// password-forgot: the address, then a mailed link. The answer is the
// same whether or not the address has an account, so the form never tells who is registered
// (docs/decisions/030-mail-tokens-passwords.md).
export function ForgotPasswordScreen() {
  useLocale()
  const reset = useServerFn(passwordResetFn)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useZodForm({
    schema: () => import('../../../src/contract/password').then((contract) => contract.passwordResetEndpoint.body),
    defaultValues: { email: '' },
    labels: { email: () => m.field_email() },
    onSubmit: async ({ email }) => {
      const result = await reset({ data: { email } })
      if (result.status) {
        const sent = result.data.email
        showToast({ title: () => m.password_reset_sent(), lines: [() => m.password_reset_sent_line({ email: sent })], type: 'success' })
        setSentTo(sent)
        return
      }
      showErrorToast(result.messages)
      return { messages: result.messages, field: null }
    },
  })
  return (
    <Page>
      <h1 id="page-heading" className={headingClass}>
        {m.forgot_title()}
      </h1>
      <section className={cardClass} aria-labelledby="page-heading">
        <p className={css({ maxW: '40rem' })}>{m.forgot_intro()}</p>
        {sentTo ? (
          <Notice tone="info" role="status">
            {m.password_reset_sent_line({ email: sentTo })}
          </Notice>
        ) : null}
        <form.AppForm>
          <form.Frame className={css({ maxW: 'md' })}>
            <form.AppField name="email">
              {(field) => <field.TextInput label={m.field_email()} required type="email" autoComplete="email" inputMode="email" maxLength={254} />}
            </form.AppField>
            <form.Alert />
            <form.SubmitButton busyLabel={m.forgot_submit()}>{m.forgot_submit()}</form.SubmitButton>
          </form.Frame>
        </form.AppForm>
        <p>
          <Link to="/{-$location}/login" params={keepLocation} className={linkClass}>
            {m.forgot_back_to_login()}
          </Link>
        </p>
      </section>
    </Page>
  )
}
