import { useRouter } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { button, field as fieldRecipe, input } from '../../../styled-system/recipes'
import { once } from '../../ui/lazy-part'
import { useLocale } from '../../ui/locale'
import { Notice } from '../../ui/page'
import { takeHeldSubmit } from '../../ui/held-submit'
import { passwordRowClass, passwordToggleClass } from '../../ui/form/password-row'
import type { LoginField, LoginValues, Problems } from './login-checks'

// The login form on home, login and test-login (docs/decisions/035-page-weight.md): one plain
// form, drawn the way the form layer draws its fields, that takes typing from the first moment.
// Its checks, its call and its landing (login-submit.ts, 1.3 KB gzip) come when the form is
// reached for (focus, pointer); no schema library and no form library for two fields. A submit
// asked for before they are here is sent once they are.

export type LoginFormProps = {
  /** Where to go after the login (`?redirect=`), if the landing rules allow it. */
  redirectTo?: string
  test?: boolean
  disabled?: boolean
}

/** The login's checks, call and landing, fetched once. */
export const loadLoginSubmit = once(() => import('./login-submit'))

const FIELDS: LoginField[] = ['username', 'password', 'code']

function valuesOf(form: HTMLFormElement, askCode: boolean): LoginValues {
  const value = (name: string) => {
    const control = form.elements.namedItem(name)
    return control instanceof HTMLInputElement ? control.value : ''
  }
  return { username: value('username'), password: value('password'), code: askCode ? value('code') : null }
}

export function LoginForm({ redirectTo, test = false, disabled = false }: LoginFormProps) {
  useLocale()
  const router = useRouter()
  const formRef = useRef<HTMLFormElement>(null)
  const sending = useRef(false)
  const [busy, setBusy] = useState(false)
  const [shown, setShown] = useState(false)
  // After the first refused submit the checks run on every change, so a problem goes as soon as it is fixed.
  const [checking, setChecking] = useState(false)
  const [problems, setProblems] = useState<Problems>({})
  const [alert, setAlert] = useState<ReadonlyArray<string>>([])
  // An account with a second factor answers the right password with a request for the code
  // (decision 054): the code field comes, and the next submit sends all three.
  const [code, setCode] = useState<{ label: () => string; hint: () => string } | null>(null)
  const id = useId()

  const focusFirst = (found: Problems) => {
    const first = FIELDS.find((name) => found[name])
    const control = first ? formRef.current?.elements.namedItem(first) : null
    if (control instanceof HTMLInputElement) control.focus()
  }

  const submit = async () => {
    const form = formRef.current
    if (!form || sending.current || disabled) return
    sending.current = true
    setBusy(true)
    try {
      const { submitLogin, codeWords } = await loadLoginSubmit()
      const outcome = await submitLogin(valuesOf(form, code !== null), { router, redirectTo, test })
      if (outcome.kind === 'signed-in') return
      setChecking(true)
      if (outcome.kind === 'problems') {
        setProblems(outcome.problems)
        setAlert([])
        focusFirst(outcome.problems)
      } else if (outcome.kind === 'ask-code') {
        setProblems({})
        setAlert(outcome.prompt)
        setCode(codeWords)
      } else {
        const onCode: Problems = outcome.onCode ? { code: () => outcome.messages.join('\n') } : {}
        setProblems(onCode)
        setAlert(outcome.onCode ? [] : outcome.messages)
        focusFirst(onCode)
      }
    } catch (caught) {
      // Offline before the part was cached: the form stays as it was, and says so.
      setAlert([caught instanceof Error ? caught.message : String(caught)])
    } finally {
      sending.current = false
      setBusy(false)
    }
  }

  useEffect(() => {
    // Sent before this script ran (app/ui/held-submit.ts): sent now, as if just clicked.
    if (takeHeldSubmit(formRef.current) && !disabled) {
      void submit()
      return
    }
    // Otherwise the part comes when the form is reached for (focus, pointer): a visitor who only
    // reads the page never fetches it (docs/decisions/035-page-weight.md).
    // Once, at the takeover: `disabled` as the page came.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const recheck = () => {
    const form = formRef.current
    if (!checking || !form) return
    void loadLoginSubmit().then(({ loginProblems }) => setProblems(loginProblems(valuesOf(form, code !== null))))
  }
  const reachFor = () => void loadLoginSubmit().catch(() => undefined)

  return (
    <form
      ref={formRef}
      // Sent before the script has loaded, the browser posts the form back to its page: by GET its
      // fields (a password among them) would land in the address, the history and the server's log.
      method="post"
      noValidate
      data-login-form=""
      className={css({ display: 'grid', gap: '4', minW: '0', maxW: 'md' })}
      onFocus={reachFor}
      onPointerEnter={reachFor}
      onInput={recheck}
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <LoginField id={`${id}-username`} label={m.field_username()} problem={problems.username?.()}>
        {(described) => <input name="username" required autoComplete="username" inputMode="email" maxLength={254} className={input()} {...described} />}
      </LoginField>
      <LoginField id={`${id}-password`} label={m.field_password()} problem={problems.password?.()}>
        {(described) => (
          <div className={passwordRowClass}>
            <input name="password" type={shown ? 'text' : 'password'} required autoComplete="current-password" className={input()} {...described} />
            <button type="button" aria-pressed={shown} aria-controls={`${id}-password`} className={passwordToggleClass} onClick={() => setShown((now) => !now)}>
              {m.form_password_show()}
            </button>
          </div>
        )}
      </LoginField>
      {code ? (
        <LoginField id={`${id}-code`} label={code.label()} hint={code.hint()} problem={problems.code?.()}>
          {(described) => (
            // The field comes for this one step and takes the focus, as the next thing to type.
            <input name="code" required autoComplete="one-time-code" inputMode="numeric" maxLength={64} autoFocus className={input()} {...described} />
          )}
        </LoginField>
      ) : null}
      {alert.length > 0 ? (
        <Notice tone="danger" role="alert" className={css({ whiteSpace: 'pre-line' })}>
          {alert.join('\n')}
        </Notice>
      ) : null}
      <div>
        <button
          type="submit"
          className={button({ variant: 'primary' })}
          disabled={disabled || busy}
          aria-busy={busy}
          // The second click of a double click does nothing: one login per double click, and the
          // focus stays where the answer to the first put it.
          onMouseDown={(event) => {
            if (event.detail > 1) event.preventDefault()
          }}
          onClick={(event) => {
            if (event.detail > 1) event.preventDefault()
          }}
        >
          {busy ? m.login_submitting() : test ? m.test_login_submit() : m.login_submit()}
        </button>
      </div>
    </form>
  )
}

type Described = { id: string; 'aria-invalid'?: true; 'data-invalid'?: ''; 'aria-describedby'?: string }

/**
 * One field as the form layer draws it (app/ui/form/field-frame.tsx): the label with the required
 * mark outside it, the control described by its hint and, while it has one, its problem.
 */
function LoginField({
  id,
  label,
  hint,
  problem,
  children,
}: {
  id: string
  label: string
  hint?: string
  problem?: string
  children: (described: Described) => ReactNode
}) {
  const classes = fieldRecipe()
  const invalid = problem !== undefined
  const describedBy = [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  return (
    <div role="group" className={classes.root} data-invalid={invalid ? '' : undefined}>
      <div className={classes.label}>
        <label htmlFor={id}>{label}</label>
        <span aria-hidden className={classes.required}>
          *
        </span>
      </div>
      {children({ id, ...(invalid ? { 'aria-invalid': true, 'data-invalid': '' } : {}), 'aria-describedby': describedBy })}
      {hint ? (
        <div id={`${id}-hint`} className={classes.hint}>
          {hint}
        </div>
      ) : null}
      {invalid ? (
        <div id={`${id}-error`} role="alert" className={classes.error}>
          {problem}
        </div>
      ) : null}
    </div>
  )
}
