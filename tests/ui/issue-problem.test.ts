import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { approvalNumberForm, basketResetForm, uploadFile } from '../../src/contract/form-rules'
import { issueProblem, problemText } from '../../src/contract/issue-problem'
import { loginInput, switchUserInput } from '../../src/contract/session'
import { issueText } from '../../src/server/endpoint/validation.server'

// The browser's forms turn zod issues into the same words as the server.
function firstProblem(schema: z.ZodType, input: Record<string, unknown>) {
  const parsed = schema.safeParse(input)
  if (parsed.success) return null
  const [issue] = parsed.error.issues
  return issue ? issueProblem(issue, input) : null
}

describe('zod issue → problem → message', () => {
  it.each([
    [{ username: '', password: 'portal-demo-2026' }, { code: 'required' }],
    [{ username: '   ', password: 'portal-demo-2026' }, { code: 'required' }],
    [{ username: 'a@b.de', password: '' }, { code: 'required' }],
    [
      { username: 'a@b.de', password: 'short' },
      { code: 'too_short', min: 8 },
    ],
    [{ username: 'a@b.de' }, { code: 'required' }],
    [{ username: 'a@b.de', password: 12345678 }, { code: 'invalid' }],
  ])('login %j → %j', (input, expected) => {
    expect(firstProblem(loginInput, input)).toEqual(expected)
  })

  it('switch user: empty is required, short is too short, no address is an e-mail problem', () => {
    expect(firstProblem(switchUserInput, { email: '' })).toEqual({ code: 'required' })
    expect(firstProblem(switchUserInput, { email: 'a@b.de' })).toEqual({ code: 'too_short', min: 8 })
    expect(firstProblem(switchUserInput, { email: 'not-an-address' })).toEqual({ code: 'email' })
  })

  it('domain rules come through as custom problems with their params; nothing chosen is required', () => {
    expect(firstProblem(basketResetForm, { number: '12a4' })).toEqual({
      code: 'custom',
      params: { rule: 'basket_number', problem: 'not_digits', number: '12a4' },
    })
    const tooLong = { rule: 'approval_number', check: { ok: false, problem: 'too_long', length: 41 } }
    expect(firstProblem(approvalNumberForm, { approvalNumber: 'A'.repeat(41) })).toEqual({ code: 'custom', params: tooLong })
    // A rule's words are the server's (rule-words.ts), for a form that has none of its own.
    expect(problemText({ code: 'custom', params: tooLong }, 'Freigabenummer', 'de')).toBe('Die Freigabenummer hat 41 Zeichen; erlaubt sind höchstens 40.')
    expect(problemText({ code: 'custom', params: { rule: 'country', code: 'QQ', offered: true } }, 'Land', 'de')).toBe(
      'Land: „QQ“ ist keine der angebotenen Auswahlmöglichkeiten.',
    )
    expect(firstProblem(z.object({ file: uploadFile(10) }), { file: null })).toEqual({ code: 'required' })
    expect(firstProblem(z.object({ file: uploadFile(10) }), { file: new File(['x'.repeat(11)], 'a.csv') })).toEqual({ code: 'custom', params: { limit: 10 } })
    expect(firstProblem(z.object({ file: uploadFile(10) }), { file: new File(['x'], 'a.csv') })).toBeNull()
  })

  it('has words in both languages for every problem', () => {
    expect(problemText({ code: 'required' }, 'Benutzername', 'de')).toBe('Benutzername ist ein Pflichtfeld.')
    expect(problemText({ code: 'required' }, 'Username', 'en')).toBe('Username is a required field.')
    expect(problemText({ code: 'too_short', min: 8 }, 'Password', 'en')).toBe('Password must be at least 8 characters long.')
    expect(problemText({ code: 'too_long', max: 40 }, 'Feld', 'de')).toBe('Feld darf höchstens 40 Zeichen lang sein.')
    expect(problemText({ code: 'email' }, 'E-Mail', 'de')).toBe('E-Mail muss eine gültige E-Mail-Adresse sein.')
    expect(problemText({ code: 'one_of', options: ['a', 'b'] }, 'Kind', 'en')).toBe('Kind must be one of: a, b.')
    expect(problemText({ code: 'custom', params: {} }, 'Field', 'en')).toBe('Field is not correct.')
  })

  it('says what the server says for the same issue (a typed value that breaks a rule)', () => {
    for (const input of [
      { username: 'a@b.de', password: 'short' },
      { username: 'x'.repeat(300), password: 'portal-demo-2026' },
    ]) {
      const parsed = loginInput.safeParse(input)
      if (parsed.success) throw new Error('expected a refusal')
      const [issue] = parsed.error.issues
      if (!issue) throw new Error('expected an issue')
      const field = issue.path[0] === 'username' ? 'Username' : 'Password'
      for (const locale of ['de', 'en'] as const) {
        const server = issueText(issue, input)(locale)
        expect(
          problemText(
            issueProblem(issue, input),
            field === 'Username' ? (locale === 'de' ? 'Benutzername' : 'Username') : locale === 'de' ? 'Passwort' : 'Password',
            locale,
          ),
        ).toBe(server)
      }
    }
  })
})
