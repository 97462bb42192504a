import { useLocation } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { SWITCH_REASON_MAX, SWITCH_REASON_MIN, SWITCH_USER_EMAIL_MIN } from '../../../src/domain/limits'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useZodForm } from '../../ui/form/use-zod-form'
import { useLocale } from '../../ui/locale'
import { Notice, Page, cardClass, headingClass } from '../../ui/page'
import { showErrorToast } from '../../ui/toast'
import { endedSwitchOf } from './switch-ended-search'
import { switchUserFn } from './switch-user.functions'

// switch-user: an e-mail of at least 8 characters and a reason
// (decision 055), then home as that user. A failure shows the messages (or the network error)
// on the address and stops the loading state; after a switch ended by time it says so.
export function SwitchUserScreen({ email: initial }: { email: string }) {
  useLocale()
  const ended = endedSwitchOf(useLocation({ select: (location) => location.search }))
  const switchUser = useServerFn(switchUserFn)
  const form = useZodForm({
    schema: () => import('./switch-user-form').then((module) => module.switchUserForm),
    defaultValues: { email: initial, reason: '' },
    labels: { email: () => m.field_email(), reason: () => m.field_reason() },
    words: {
      email: (problem) =>
        problem.code === 'required'
          ? m.switch_user_required()
          : problem.code === 'too_short'
            ? m.switch_user_too_short({ min: String(SWITCH_USER_EMAIL_MIN) })
            : m.switch_user_invalid(),
      reason: (problem, value) =>
        typeof value !== 'string' || value.trim() === ''
          ? m.switch_user_reason_required()
          : problem.code === 'too_long'
            ? m.switch_user_reason_too_long({ max: String(SWITCH_REASON_MAX) })
            : m.switch_user_reason_too_short({ min: String(SWITCH_REASON_MIN) }),
    },
    onSubmit: async (value) => {
      const result = await switchUser({ data: value })
      if (result.status) {
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
      {ended ? (
        <Notice tone="warning" role="status">
          {m.switch_user_ended({ user: ended.user, minutes: String(ended.minutes) })}
        </Notice>
      ) : null}
      <form.AppForm>
        <form.Frame className={cardClass}>
          <p>{m.switch_user_intro()}</p>
          <form.AppField name="email">
            {(field) => <field.TextInput label={m.field_email()} type="email" autoComplete="off" maxLength={254} required className={css({ maxW: 'md' })} />}
          </form.AppField>
          <form.AppField name="reason">
            {(field) => (
              <field.TextInput
                label={m.field_reason()}
                hint={m.switch_user_reason_hint({ min: String(SWITCH_REASON_MIN), max: String(SWITCH_REASON_MAX) })}
                autoComplete="off"
                maxLength={SWITCH_REASON_MAX}
                required
                className={css({ maxW: 'md' })}
              />
            )}
          </form.AppField>
          <form.SubmitButton busyLabel={m.switch_user_busy()}>{m.switch_user_submit()}</form.SubmitButton>
        </form.Frame>
      </form.AppForm>
    </Page>
  )
}
