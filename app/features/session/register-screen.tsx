import { Link } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import { appConfig } from '../../../app.config'
import type { PortalSession } from '../../../src/contract/session'
import { m } from '../../../src/paraglide/messages'
import { keepLocation } from '../../ui/keep-location'
import { css } from '../../../styled-system/css'
import type { FieldWords } from '../../ui/form/field-problems'
import { useZodForm } from '../../ui/form/use-zod-form'
import { useLocale } from '../../ui/locale'
import { Notice, Page, cardClass, headingClass, linkClass } from '../../ui/page'
import { showErrorToast, showToast } from '../../ui/toast'
import { registerContactFn } from './password.functions'

// register-contact (docs/decisions/030-mail-tokens-passwords.md): step 1, the login. Success leaves
// a snackbar that stays: the mail may take up to 15 minutes.
const passwordWords: FieldWords = (problem) => {
  if (problem.code !== 'custom') return undefined
  const code = problem.params.problem
  if (code === 'required') return m.login_password_required()
  if (code === 'too_short') return m.login_password_too_short()
  if (code === 'repeat_required') return m.password_repeat_required()
  if (code === 'mismatch') return m.password_mismatch()
  return undefined
}

const LABELS = {
  email: () => m.field_email(),
  password1: () => m.field_password1(),
  password2: () => m.field_password2(),
  first_name: () => m.field_first_name(),
  middle_name: () => m.field_middle_name(),
  last_name: () => m.field_last_name(),
}

export function RegisterScreen({ session }: { session: PortalSession }) {
  useLocale()
  const register = useServerFn(registerContactFn)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const middleName = appConfig.sites.find((site) => site.id === session.site.id)?.registration.middleName ?? false
  const form = useZodForm({
    schema: () => import('../../../src/contract/register').then((contract) => contract.registerContactForm),
    defaultValues: { email: '', password1: '', password2: '', first_name: '', middle_name: '', last_name: '' },
    labels: LABELS,
    words: { password1: passwordWords, password2: passwordWords },
    onSubmit: async (value) => {
      const result = await register({ data: value })
      if (result.status) {
        const email = result.data.email
        showToast({ title: () => m.register_sent(), lines: [() => m.register_sent_line({ email })], type: 'success', durationMs: Number.POSITIVE_INFINITY })
        setSentTo(email)
        return
      }
      showErrorToast(result.messages)
      return { messages: result.messages, fields: result.fields }
    },
  })
  return (
    <Page>
      <h1 id="page-heading" className={headingClass}>
        {m.register_title()}
      </h1>
      <section className={cardClass} aria-labelledby="page-heading">
        {sentTo ? (
          <Notice tone="info" role="status">
            {m.register_sent_line({ email: sentTo })}
          </Notice>
        ) : (
          <form.AppForm>
            <form.Frame className={css({ maxW: 'md' })}>
              <p>{m.register_intro()}</p>
              <form.AppField name="email">
                {(field) => <field.TextInput label={LABELS.email()} required type="email" autoComplete="email" inputMode="email" maxLength={254} />}
              </form.AppField>
              <form.AppField name="password1">
                {(field) => <field.PasswordInput label={LABELS.password1()} required autoComplete="new-password" />}
              </form.AppField>
              <form.AppField name="password2">
                {(field) => <field.PasswordInput label={LABELS.password2()} required autoComplete="new-password" />}
              </form.AppField>
              <form.AppField name="first_name">
                {(field) => <field.TextInput label={LABELS.first_name()} required autoComplete="given-name" maxLength={100} />}
              </form.AppField>
              {middleName ? (
                <form.AppField name="middle_name">
                  {(field) => <field.TextInput label={LABELS.middle_name()} autoComplete="additional-name" maxLength={100} />}
                </form.AppField>
              ) : null}
              <form.AppField name="last_name">
                {(field) => <field.TextInput label={LABELS.last_name()} required autoComplete="family-name" maxLength={100} />}
              </form.AppField>
              <form.Alert />
              <form.SubmitButton busyLabel={m.register_submit()}>{m.register_submit()}</form.SubmitButton>
            </form.Frame>
          </form.AppForm>
        )}
        <p>
          <Link to="/{-$location}/login" params={keepLocation} className={linkClass}>
            {m.forgot_back_to_login()}
          </Link>
        </p>
      </section>
    </Page>
  )
}
