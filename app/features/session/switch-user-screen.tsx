import { useServerFn } from '@tanstack/react-start'
import { useState, type FormEvent } from 'react'
import { switchUserInput } from '../../../src/contract/session'
import { SWITCH_USER_EMAIL_MIN } from '../../../src/domain/limits'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { Page, buttonClass, cardClass, headingClass } from '../../ui/page'
import { fieldClass } from '../../ui/filter-field'
import { showErrorToast } from '../../ui/toast'
import { switchUserFn } from './switch-user.functions'

// switch-user (spec sections 2, 5 and 8): an e-mail of at least 8 characters, then home as
// that user. A failure shows the messages (or the network error) and stops the loading state.
export function SwitchUserScreen({ email: initial }: { email: string }) {
  useLocale()
  const switchUser = useServerFn(switchUserFn)
  const [email, setEmail] = useState(initial)
  const [problems, setProblems] = useState<ReadonlyArray<string>>([])
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const value = email.trim()
    const parsed = switchUserInput.safeParse({ email: value })
    if (!parsed.success) {
      // Nothing typed is "required", not "too short".
      setProblems([value === '' ? m.switch_user_required() : value.length < SWITCH_USER_EMAIL_MIN ? m.switch_user_too_short({ min: String(SWITCH_USER_EMAIL_MIN) }) : m.switch_user_invalid()])
      return
    }
    setBusy(true)
    try {
      const result = await switchUser({ data: parsed.data })
      if (result.ok) {
        window.location.assign('/')
        return
      }
      setProblems(result.messages)
      showErrorToast(result.messages)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      setProblems([message])
      showErrorToast([message])
    }
    setBusy(false)
  }

  return (
    <Page>
      <h1 className={headingClass}>{m.switch_user_title()}</h1>
      <form onSubmit={submit} noValidate className={cardClass}>
        <p>{m.switch_user_intro()}</p>
        <label className={css({ display: 'grid', gap: '1', maxW: 'md' })}>
          {m.field_email()}
          <input type="email" autoComplete="off" value={email} maxLength={254} className={fieldClass}
            aria-invalid={problems.length > 0} aria-describedby="switch-problems"
            onChange={(event) => {
              setEmail(event.target.value)
              setProblems([])
            }} />
        </label>
        <div id="switch-problems" role="alert" className={css({ color: 'danger.700' })}>
          {problems.map((problem) => <p key={problem}>{problem}</p>)}
        </div>
        <div>
          <button type="submit" className={buttonClass} disabled={busy} aria-busy={busy}>{busy ? m.switch_user_busy() : m.switch_user_submit()}</button>
        </div>
      </form>
    </Page>
  )
}
