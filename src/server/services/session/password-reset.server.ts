import { eq } from 'drizzle-orm'
import { siteForHost } from '../../../../app.config'
import { passwordChangeEndpoint, passwordLinkCheckEndpoint, passwordProblems, passwordResetEndpoint, type PasswordProblem } from '../../../contract/password'
import type { Locale } from '../../../contract/envelope'
import { m } from '../../../paraglide/messages'
import { isCommonPassword } from '../../auth/common-passwords.server'
import { countMailRequest } from '../../auth/mail-throttle.server'
import { TOKEN_LIFETIME_MS, issueOneTimeToken, readOneTimeToken, spendOneTimeToken, type TokenProblem } from '../../auth/one-time-token.server'
import { hashPassword } from '../../auth/password.server'
import { auditLog, users } from '../../db/schema/index'
import { endSessionsOf } from '../../auth/sessions.server'
import { forgetCallers } from '../../endpoint/access.server'
import { ApiError, throttled, type LocalizedText } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'
import { queueMail } from '../mail/outbox.server'

// Forgot password → mail with a link → set a new one (decision 030).

/** POST /vue/password/reset/: the same answer for every address; the mail says what applies. */
export const passwordReset = implement(passwordResetEndpoint, async ({ db, input, clientAddress, host, origin, locale, nowMs }) => {
  const email = input.body.email.toLowerCase()
  const waitMinutes = await countMailRequest(db, 'reset', email, clientAddress, nowMs)
  if (waitMinutes !== null) throw throttled((l) => m.password_reset_throttled({ minutes: String(waitMinutes) }, { locale: l }), waitMinutes * 60)
  const site = siteForHost(host)
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, language: users.language, isActive: users.isActive }).from(users).where(eq(users.email, email)).limit(1)
    if (user?.isActive) {
      const token = await issueOneTimeToken(tx, user.id, 'password_reset', nowMs)
      const language: Locale = user.language === 'en' ? 'en' : 'de'
      const link = `${origin}/account/password/change/${token}`
      await queueMail(tx, { to: email, template: 'password_reset', language, site, values: { link, validHours: TOKEN_LIFETIME_MS.password_reset / 3_600_000 } })
    } else {
      // No (active) account: a mail that says so, written the same way (no enumeration by answer or timing).
      await queueMail(tx, { to: email, template: 'password_reset_unknown', language: locale, site, values: { link: `${origin}/login` } })
    }
  })
  return { email }
})

const TOKEN_TEXT: Record<TokenProblem, LocalizedText> = {
  unknown: (l) => m.password_token_unknown({}, { locale: l }),
  used: (l) => m.password_token_used({}, { locale: l }),
  expired: (l) => m.password_token_expired({}, { locale: l }),
}

export const PROBLEM_TEXT: Record<PasswordProblem | 'common', LocalizedText> = {
  required: (l) => m.login_password_required({}, { locale: l }),
  too_short: (l) => m.login_password_too_short({}, { locale: l }),
  repeat_required: (l) => m.password_repeat_required({}, { locale: l }),
  mismatch: (l) => m.password_mismatch({}, { locale: l }),
  common: (l) => m.password_common({}, { locale: l }),
}

/**
 * 400 with each problem on its field: the spec's rules and the common-password list. `field`
 * names the first password field (the change says password, registration password1).
 */
export function requireGoodPassword(password: string, password2: string | undefined, field: 'password' | 'password1', locale: Locale): void {
  const found = passwordProblems(password, password2)
  const problems: Array<[string, PasswordProblem | 'common']> = []
  const first = found.password ?? (isCommonPassword(password) ? 'common' : undefined)
  if (first) problems.push([field, first])
  if (found.password2) problems.push(['password2', found.password2])
  if (problems.length === 0) return
  throw new ApiError(
    400,
    problems.map(([, problem]) => PROBLEM_TEXT[problem]),
    { fields: Object.fromEntries(problems.map(([name, problem]) => [name, [PROBLEM_TEXT[problem](locale)]])) },
  )
}

export function tokenRefusal(problem: TokenProblem, locale: Locale): ApiError {
  return new ApiError(400, [TOKEN_TEXT[problem]], { token_problem: problem, fields: { token: [TOKEN_TEXT[problem](locale)] } })
}

/** The links that lead to the password screen: a reset, and a new contact's activation. */
const SETS_PASSWORD = ['password_reset', 'activation'] as const

/** POST /vue/password/change/: the token's user gets the new password; their other sessions end. */
export const passwordChange = implement(passwordChangeEndpoint, async ({ db, caller, input, locale, nowMs }) => {
  const { token, password, password2 } = input.body
  const check = await readOneTimeToken(db, token, SETS_PASSWORD, nowMs)
  if (!check.ok) throw tokenRefusal(check.problem, locale)
  requireGoodPassword(password, password2, 'password', locale)
  const passwordHash = await hashPassword(password)
  const email = await db.transaction(async (tx) => {
    if (!(await spendOneTimeToken(tx, check.tokenId, nowMs))) throw tokenRefusal('used', locale)
    const [user] = await tx.update(users).set({ passwordHash }).where(eq(users.id, check.userId)).returning({ email: users.email })
    // Every other session of the user ends; the one making the change, when signed in as that
    // very user, goes on (decision 056).
    const making = caller && caller.userId === check.userId && caller.actorUserId === null ? caller.sessionId : null
    await endSessionsOf(tx, check.userId, nowMs, { keep: making, endedBy: 'password' })
    await tx.insert(auditLog).values({
      actorUserId: check.userId,
      action: 'password_change',
      entity: 'user',
      entityId: String(check.userId),
      details: { via: 'reset_link' },
      createdAt: new Date(nowMs),
    })
    return user?.email ?? ''
  })
  await forgetCallers(db)
  return { username: email }
})

/** GET /vue/password/change/?token=: whether the link still works (the page says so at once). */
export const passwordLinkCheck = implement(passwordLinkCheckEndpoint, async ({ db, input, locale, nowMs }) => {
  const check = await readOneTimeToken(db, input.query.token, SETS_PASSWORD, nowMs)
  if (!check.ok) throw tokenRefusal(check.problem, locale)
  return { valid: true as const }
})
