import { MIN_PASSWORD_LENGTH } from '../../../src/domain/limits'
import { m } from '../../../src/paraglide/messages'

// The login body's rules (`loginInput` in src/contract/session.ts, which the server applies to
// every call) written out for the browser, in the words the form shows: two fields and a code
// need no schema library there (docs/decisions/035-page-weight.md).

export type LoginField = 'username' | 'password' | 'code'
export type LoginValues = { username: string; password: string; code: string | null }
/** A field's problem in the words of the language shown when it is drawn. */
export type Problems = Partial<Record<LoginField, () => string>>

/** The code field's words (its part is loaded by the time it shows). */
export const codeWords = { label: () => m.field_code(), hint: () => m.login_code_hint() }

/** The body rules of the login: username 1–254 characters after trimming, password 8–1,024, a code of 6–64 when asked. */
export function loginProblems({ username, password, code }: LoginValues): Problems {
  const problems: Problems = {}
  if (username.trim() === '') problems.username = () => m.login_username_required()
  if (password === '') problems.password = () => m.login_password_required()
  else if (password.length < MIN_PASSWORD_LENGTH) problems.password = () => m.login_password_too_short()
  if (code !== null && code.trim().length < 6) problems.code = () => m.login_second_factor_required()
  return problems
}
