import { afterEach, describe, expect, it } from 'vitest'
import { codeWords, loginProblems } from '../../app/features/session/login-checks'
import { baseLocale, overwriteGetLocale } from '../../src/paraglide/runtime'

// The login form's checks in the browser: the rules of the login body, in the form's words, in
// the language shown when a problem is drawn.
afterEach(() => overwriteGetLocale(() => baseLocale))

const words = (problems: ReturnType<typeof loginProblems>) => Object.fromEntries(Object.entries(problems).map(([field, text]) => [field, text?.()]))

describe('the login form’s checks', () => {
  it('asks for a username that is more than spaces and a password of at least 8 characters', () => {
    overwriteGetLocale(() => 'en')
    expect(words(loginProblems({ username: '   ', password: '', code: null }))).toEqual({
      username: 'Username is a required field.',
      password: 'Password is a required field.',
    })
    expect(words(loginProblems({ username: 'dealer@demo.example', password: 'seven77', code: null }))).toEqual({
      password: 'The password must be at least 8 characters long.',
    })
    expect(loginProblems({ username: ' dealer@demo.example ', password: 'eight888', code: null })).toEqual({})
  })

  it('checks the code only once it is asked for, and wants at least 6 characters of it', () => {
    overwriteGetLocale(() => 'en')
    expect(loginProblems({ username: 'dealer@demo.example', password: 'eight888', code: null })).toEqual({})
    expect(words(loginProblems({ username: 'dealer@demo.example', password: 'eight888', code: ' 12345 ' }))).toEqual({
      code: 'Enter the code from your authenticator app.',
    })
    expect(loginProblems({ username: 'dealer@demo.example', password: 'eight888', code: '123456' })).toEqual({})
  })

  it('words a problem in the language shown when it is drawn', () => {
    overwriteGetLocale(() => 'en')
    const { username } = loginProblems({ username: '', password: 'eight888', code: null })
    expect(username?.()).toBe('Username is a required field.')
    overwriteGetLocale(() => 'de')
    expect(username?.()).toBe('Benutzername ist ein Pflichtfeld.')
    expect(codeWords.label()).toBe('Code')
  })
})
