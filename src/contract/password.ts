import { z } from 'zod'
import { MIN_PASSWORD_LENGTH } from '../domain/limits'
import { NO_BODY, NO_PARAMS, NO_QUERY, defineEndpoint } from './endpoint'
import { emailAddress } from './field-rules'
import { refuseByRule } from './rule-words'

// Forgot and reset password (decision 030).
export const MAX_PASSWORD_LENGTH = 1024
const email = emailAddress(254)

/**
 * A password being set: at least 8 characters, taken as typed (never
 * trimmed). Its repeat and the common-password list are the handlers' (requireGoodPassword).
 */
export const newPassword = z
  .string()
  .max(MAX_PASSWORD_LENGTH, { abort: true })
  .superRefine((value, context) => {
    if (value === '') refuseByRule(context, value, { rule: 'password', problem: 'required' })
    else if (value.length < MIN_PASSWORD_LENGTH) refuseByRule(context, value, { rule: 'password', problem: 'too_short' })
  })
  .min(MIN_PASSWORD_LENGTH)

export const passwordResetEndpoint = defineEndpoint({
  id: 'password.reset',
  area: 'session',
  method: 'POST',
  path: '/vue/password/reset/',
  summary: 'Mails a link to set a new password (valid one hour, once). The same answer whether or not the address has an account.',
  access: { kind: 'public' },
  failures: [429],
  params: NO_PARAMS,
  query: NO_QUERY,
  body: z.object({ email }),
  data: z.object({ email: z.string() }),
})

export const TOKEN_PROBLEMS = ['unknown', 'used', 'expired'] as const
export const passwordChangeProblems = z
  .object({
    /** Why the link's token does not work; the screen offers a new mail. */
    token_problem: z.enum(TOKEN_PROBLEMS).optional(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'LinkFormProblems' })

/** The link's problem a refusal names (data.token_problem), for a screen that offers a new mail. */
export function tokenProblemOf(data: unknown): (typeof TOKEN_PROBLEMS)[number] | null {
  const problems = passwordChangeProblems.safeParse(data)
  return problems.success ? (problems.data.token_problem ?? null) : null
}

export const passwordChangeEndpoint = defineEndpoint({
  id: 'password.change',
  area: 'session',
  method: 'POST',
  path: '/vue/password/change/',
  summary:
    'Sets a new password with the token of a reset or change link; every session of the user ends, except the one making the change when its token (of that same user) is sent along.',
  // A token is read when sent: the session making the change goes on (decision 056).
  access: { kind: 'optional' },
  failures: [400],
  failureData: { 400: passwordChangeProblems },
  params: NO_PARAMS,
  query: NO_QUERY,
  body: z.object({
    token: z.string().max(200),
    password: newPassword,
    password2: z.string().max(MAX_PASSWORD_LENGTH),
  }),
  data: z.object({ username: z.string() }),
  // A change refused for a wrong current password is in the trail too (decision 053).
  activity: 'refusals',
})

export type PasswordProblem = 'required' | 'too_short' | 'repeat_required' | 'mismatch'

/** The password rules both sides check (the server adds the common-password list). */
export function passwordProblems(password: string, password2: string | undefined): { password?: PasswordProblem; password2?: PasswordProblem } {
  const problems: { password?: PasswordProblem; password2?: PasswordProblem } = {}
  if (password === '') problems.password = 'required'
  else if (password.length < MIN_PASSWORD_LENGTH) problems.password = 'too_short'
  if (!password2) problems.password2 = 'repeat_required'
  else if (password2 !== password) problems.password2 = 'mismatch'
  return problems
}

/** The reset form's schema: the same rules, as custom issues the form words. */
export const passwordChangeForm = z
  .object({ password: z.string().max(MAX_PASSWORD_LENGTH), password2: z.string().max(MAX_PASSWORD_LENGTH) })
  .superRefine((value, context) => {
    const problems = passwordProblems(value.password, value.password2)
    for (const field of ['password', 'password2'] as const) {
      const problem = problems[field]
      if (problem) context.addIssue({ code: 'custom', path: [field], params: { problem } })
    }
  })

export const passwordChangeLinkEndpoint = defineEndpoint({
  id: 'password.change-link',
  area: 'session',
  method: 'POST',
  path: '/vue/password/change-link/',
  summary: 'For staff with CAN_CHANGE_PASSWORD: a token for the password-reset screen of a user in the caller’s companies (valid one hour, once).',
  access: { kind: 'permission', permission: 'CAN_CHANGE_PASSWORD' },
  failures: [404, 429],
  params: NO_PARAMS,
  query: NO_QUERY,
  body: z.object({ email }),
  data: z.object({ token: z.string() }),
})

/** Whether a link still works, before the form is filled in: the page says so at once. */
export const linkCheckData = z.object({ valid: z.literal(true) })

export const passwordLinkCheckEndpoint = defineEndpoint({
  id: 'password.change-check',
  area: 'session',
  method: 'GET',
  path: '/vue/password/change/',
  summary: 'Whether a reset or change link (its token) still works; changes nothing. 400 with data.token_problem otherwise.',
  access: { kind: 'public' },
  failures: [400],
  failureData: { 400: passwordChangeProblems },
  params: NO_PARAMS,
  query: z.object({ token: z.string().max(200) }),
  body: NO_BODY,
  data: linkCheckData,
})
