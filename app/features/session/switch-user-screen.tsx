import { useServerFn } from '@tanstack/react-start'
import { SWITCH_USER_EMAIL_MIN } from '../../../src/domain/limits'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useZodForm } from '../../ui/form/use-zod-form'
import { useLocale } from '../../ui/locale'
import { Page, cardClass, headingClass } from '../../ui/page'
import { showErrorToast } from '../../ui/toast'
import { switchUserFn } from './switch-user.functions'

// switch-user (spec sections 2, 5 and 8): an e-mail of at least 8 characters, then home as
// that user. A failure shows the messages (or the network error) on the address and stops the
// loading state.
export function SwitchUserScreen({ email: initial }: { email: string }) {
  useLocale()
  const switchUser = useServerFn(switchUserFn)
  const form = useZodForm({
    schema: () => import('./switch-user-form').then((module) => module.switchUserForm),
    defaultValues: { email: initial },
    labels: { email: () => m.field_email() },
    words: {
      email: (problem) =>
        problem.code === 'required'
          ? m.switch_user_required()
          : problem.code === 'too_short'
            ? m.switch_user_too_short({ min: String(SWITCH_USER_EMAIL_MIN) })
            : m.switch_user_invalid(),
    },
    onSubmit: async (value) => {
      const result = await switchUser({ data: value })
      if (result.ok) {
        window.location.assign('/')
        // The page is being replaced: stay busy until it is.
        return new Promise<never>(() => {})
      }
      showErrorToast(result.messages)
      return { messages: result.messages, field: 'email' }
    },
  })

  return (
    <Page>
      <h1 className={headingClass}>{m.switch_user_title()}</h1>
      <form.AppForm>
        <form.Frame className={cardClass}>
          <p>{m.switch_user_intro()}</p>
          <form.AppField name="email">
            {(field) => <field.TextInput label={m.field_email()} type="email" autoComplete="off" maxLength={254} required className={css({ maxW: 'md' })} />}
          </form.AppField>
          <form.SubmitButton busyLabel={m.switch_user_busy()}>{m.switch_user_submit()}</form.SubmitButton>
        </form.Frame>
      </form.AppForm>
    </Page>
  )
}
