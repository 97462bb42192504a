import { useServerFn } from '@tanstack/react-start'
import { useState, type FormEvent } from 'react'
import type { SessionUser } from '../../../src/contract/session'
import { MIN_PASSWORD_LENGTH } from '../../../src/domain/limits'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { loginFn } from './session.functions'

const field = css({ display: 'grid', gap: '1' })
const input = css({ border: '1px solid', borderColor: 'border', borderRadius: 'control', px: '3', py: '2', bg: 'bg', w: 'full' })
const error = css({ color: 'danger.700', fontSize: 'sm' })

export function LoginForm({ onLoggedIn }: { onLoggedIn: (user: SessionUser) => void | Promise<void> }) {
  const login = useServerFn(loginFn)
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [problems, setProblems] = useState<string[]>([])
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const found: string[] = []
    if (username.trim() === '') found.push(m.login_username_required())
    if (password.length < MIN_PASSWORD_LENGTH) found.push(m.login_password_too_short())
    setProblems(found)
    if (found.length > 0) return
    setBusy(true)
    try {
      const result = await login({ data: { username, password } })
      if (result.ok) await onLoggedIn(result.user)
      else setProblems(result.messages)
    } catch (caught) {
      setProblems([caught instanceof Error ? caught.message : String(caught)])
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate className={css({ display: 'grid', gap: '4', maxW: 'md' })}>
      <h2 id="login-heading" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{m.login_heading()}</h2>
      <div className={field}>
        <label htmlFor="login-username">{m.field_username()}</label>
        <input id="login-username" className={input} autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} />
      </div>
      <div className={field}>
        <label htmlFor="login-password">{m.field_password()}</label>
        <input id="login-password" type="password" className={input} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </div>
      {problems.length > 0 ? (
        <ul role="alert" className={error}>
          {problems.map((problem) => <li key={problem}>{problem}</li>)}
        </ul>
      ) : null}
      <button
        type="submit"
        disabled={busy}
        className={css({ bg: 'accent', color: 'white', px: '4', py: '2', borderRadius: 'control', fontWeight: 'semibold', cursor: 'pointer', _disabled: { opacity: 0.6 } })}
      >
        {busy ? m.login_submitting() : m.login_submit()}
      </button>
    </form>
  )
}
