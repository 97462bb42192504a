import { randomBytes } from 'node:crypto'
import { MAX_PASSWORD_LENGTH, passwordProblems } from '../../contract/password'
import { isCommonPassword } from '../auth/common-passwords.server'
import { PROBLEM_TEXT } from '../services/session/password-reset.server'
import { UsageError, type AdminContext } from './command.server'

// A password for create-staff and reset-password: the first line of stdin, held to the
// portal's own rules (at least 8 characters and not on the common-password list, decision 030), or
// generated — 18 random bytes, 24 characters — and printed once.
export type NewPassword = { password: string; generated: boolean }

export async function chooseNewPassword(fromStdin: boolean, context: AdminContext): Promise<NewPassword> {
  if (!fromStdin) return { password: randomBytes(18).toString('base64url'), generated: true }
  const password = await context.readStdin()
  const problem =
    password.length > MAX_PASSWORD_LENGTH ? 'too_long' : (passwordProblems(password, password).password ?? (isCommonPassword(password) ? 'common' : null))
  if (problem === 'too_long') throw new UsageError(`The password from stdin is longer than ${MAX_PASSWORD_LENGTH} characters.`)
  if (problem) throw new UsageError(`The password from stdin is refused: ${PROBLEM_TEXT[problem]('en')}`)
  return { password, generated: false }
}

/** The line that shows a generated password; nothing for one the operator chose. */
export function passwordNotice({ password, generated }: NewPassword): string[] {
  return generated ? [`Password (shown only now, pass it on safely): ${password}`] : []
}
