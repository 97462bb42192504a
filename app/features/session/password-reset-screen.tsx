import { useQuery } from '@tanstack/react-query'
import { Link, useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import { m } from '../../../src/paraglide/messages'
import { keepLocation } from '../../ui/keep-location'
import { css } from '../../../styled-system/css'
import type { FieldWords } from '../../ui/form/field-problems'
import { useZodForm } from '../../ui/form/use-zod-form'
import { useLocale } from '../../ui/locale'
import { Notice, Page, cardClass, headingClass, linkClass } from '../../ui/page'
import { Spinner } from '../../ui/spinner'
import { showErrorToast, showToast } from '../../ui/toast'
import { passwordChangeFn, passwordLinkCheckFn } from './password.functions'

// password-reset: a new password with the token of a mailed link. The
// repeat-password messages are the spec's, word for word; a spent, expired or unknown link
// says so and offers a new mail.
const problemWords: FieldWords = (problem) => {
  if (problem.code !== 'custom') return undefined
  switch (problem.params.problem) {
    case 'required':
      return m.login_password_required()
    case 'too_short':
      return m.login_password_too_short()
    case 'repeat_required':
      return m.password_repeat_required()
    case 'mismatch':
      return m.password_mismatch()
    default:
      return undefined
  }
}

export function PasswordResetScreen({ token }: { token: string }) {
  useLocale()
  const router = useRouter()
  const change = useServerFn(passwordChangeFn)
  const [linkProblem, setLinkProblem] = useState<ReadonlyArray<string> | null>(null)
  // The link is judged when the page opens: a spent or expired one says so before any typing.
  const check = useQuery({ queryKey: ['password-link', token], queryFn: () => passwordLinkCheckFn({ data: { token } }), staleTime: Infinity, retry: false })
  const problem = linkProblem ?? check.data?.problem ?? null
  const form = useZodForm({
    schema: () => import('../../../src/contract/password').then((contract) => contract.passwordChangeForm),
    defaultValues: { password: '', password2: '' },
    labels: { password: () => m.field_new_password(), password2: () => m.field_password2() },
    words: { password: problemWords, password2: problemWords },
    onSubmit: async (value) => {
      const result = await change({ data: { token, ...value } })
      if (result.status) {
        showToast({ title: () => m.password_changed(), lines: [() => m.password_changed_line()], type: 'success' })
        await router.navigate({ to: '/{-$location}/login', params: keepLocation, search: { redirect: undefined } })
        return
      }
      // A link that no longer works is said once, above the form, with the way to a new one.
      if (result.tokenProblem) return void setLinkProblem(result.messages)
      showErrorToast(result.messages)
      return { messages: result.messages, fields: result.fields }
    },
  })
  return (
    <Page>
      <h1 id="page-heading" className={headingClass}>
        {m.reset_title()}
      </h1>
      <section className={cardClass} aria-labelledby="page-heading">
        {check.isPending ? <Spinner label={m.loading()} /> : null}
        {problem ? (
          <Notice tone="warning" role="alert">
            <p>{problem.join(' ')}</p>
            <p>
              <Link to="/{-$location}/forgot-password" params={keepLocation} className={linkClass}>
                {m.reset_new_link()}
              </Link>
            </p>
          </Notice>
        ) : (
          <p className={css({ maxW: '40rem' })}>{m.reset_intro()}</p>
        )}
        {problem || check.isPending ? null : (
          <form.AppForm>
            <form.Frame className={css({ maxW: 'md' })}>
              <form.AppField name="password">
                {(field) => <field.PasswordInput label={m.field_new_password()} required autoComplete="new-password" />}
              </form.AppField>
              <form.AppField name="password2">
                {(field) => <field.PasswordInput label={m.field_password2()} required autoComplete="new-password" />}
              </form.AppField>
              <form.Alert />
              <form.SubmitButton busyLabel={m.reset_submit()}>{m.reset_submit()}</form.SubmitButton>
            </form.Frame>
          </form.AppForm>
        )}
      </section>
    </Page>
  )
}
