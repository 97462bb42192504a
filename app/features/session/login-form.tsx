import { useServerFn } from '@tanstack/react-start'
import { useState, type FormEvent } from 'react'
import type { SessionUser } from '../../../src/contract/session'
import { MIN_PASSWORD_LENGTH } from '../../../src/domain/limits'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { buttonClass } from '../../ui/page'
import { showErrorToast } from '../../ui/toast'
import { loginFn } from './session.functions'

export const fieldClass = css({ display: 'grid', gap: '1' })
export const inputClass = css({
  border: '1px solid', borderColor: 'border', borderRadius: 'control', px: '3', py: '2', bg: 'bg', w: 'full', minH: '10',
  '&[aria-invalid=true]': { borderColor: 'danger.700' },
})
const errorClass = css({ color: 'danger.700', fontSize: 'sm' })

// Problems are kept as codes and turned into text at render time, so a language switch
// translates messages already on screen.
type Problems = { username?: 'required'; password?: 'required' | 'too_short'; server?: string[] }

export function validateLogin(username: string, password: string): Problems {
  const problems: Problems = {}
  if (username.trim() === '') problems.username = 'required'
  if (password === '') problems.password = 'required'
  else if (password.length < MIN_PASSWORD_LENGTH) problems.password = 'too_short'
  return problems
}

export function LoginForm({ onLoggedIn, test = false, disabled = false }: {
  onLoggedIn: (user: SessionUser) => void | Promise<void>
  test?: boolean
  disabled?: boolean
}) {
  const login = useServerFn(loginFn)
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [problems, setProblems] = useState<Problems>({})
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const found = validateLogin(username, password)
    setProblems(found)
    if (found.username || found.password) {
      document.getElementById(found.username ? 'login-username' : 'login-password')?.focus()
      return
    }
    setBusy(true)
    try {
      const result = await login({ data: { username, password, test } })
      if (result.ok) await onLoggedIn(result.user)
      else {
        setProblems({ server: result.messages })
        showErrorToast(result.messages)
      }
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : String(caught)
      setProblems({ server: [message] })
      showErrorToast([message])
    } finally {
      setBusy(false)
    }
  }

  const usernameError = problems.username ? m.login_username_required() : null
  const passwordError =
    problems.password === 'required' ? m.login_password_required() : problems.password === 'too_short' ? m.login_password_too_short() : null

  return (
    <form onSubmit={submit} noValidate className={css({ display: 'grid', gap: '4', maxW: 'md' })}>
      <div className={fieldClass}>
        <label htmlFor="login-username">{m.field_username()}</label>
        <input
          id="login-username" name="username" className={inputClass} autoComplete="username" inputMode="email" value={username}
          aria-invalid={usernameError ? true : undefined} aria-describedby={usernameError ? 'login-username-error' : undefined}
          onChange={(e) => setUsername(e.target.value)}
        />
        {usernameError ? <p id="login-username-error" className={errorClass}>{usernameError}</p> : null}
      </div>
      <div className={fieldClass}>
        <label htmlFor="login-password">{m.field_password()}</label>
        <input
          id="login-password" name="password" type="password" className={inputClass} autoComplete="current-password" value={password}
          aria-invalid={passwordError ? true : undefined} aria-describedby={passwordError ? 'login-password-error' : undefined}
          onChange={(e) => setPassword(e.target.value)}
        />
        {passwordError ? <p id="login-password-error" className={errorClass}>{passwordError}</p> : null}
      </div>
      {problems.server && problems.server.length > 0 ? (
        <div role="alert" className={errorClass}>
          <ul>
            {problems.server.map((problem) => <li key={problem}>{problem}</li>)}
          </ul>
        </div>
      ) : null}
      <div>
        <button type="submit" disabled={busy || disabled} className={buttonClass}>
          {busy ? m.login_submitting() : test ? m.test_login_submit() : m.login_submit()}
        </button>
      </div>
    </form>
  )
}
