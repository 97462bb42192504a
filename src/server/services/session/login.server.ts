import { setTimeout as sleep } from 'node:timers/promises'
import { eq } from 'drizzle-orm'
import { loginEndpoint } from '../../../contract/session'
import { m } from '../../../paraglide/messages'
import type { Permission } from '../../../domain/permissions'
import { dummyPasswordHash, verifyPassword } from '../../auth/password.server'
import { acceptSecondFactor, enabledSecondFactorOf } from '../../auth/second-factor.server'
import { checkThrottle, recordFailure, recordSuccess, throttleKeys } from '../../auth/throttle.server'
import { browserInWords, openSession } from '../../auth/sessions.server'
import { issueToken } from '../../auth/token.server'
import { users } from '../../db/schema/index'
import { env } from '../../env.server'
import { recordFailedLogin } from '../../ops/metrics.server'
import { forbidden, unauthorized } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'
import { readMaintenance } from './maintenance.server'
import { loadSessionUser } from './session-user.server'
import { shopUrlFor } from './shop-url.server'
import { noteActivity } from '../../activity/record.server'

export const login = implement(loginEndpoint, async ({ db, input, clientAddress, userAgent = '', host, origin, nowMs }) => {
  const maintenance = await readMaintenance(db)
  const isTestLogin = input.query.test === '1'
  const allowed = isTestLogin ? maintenance.testLoginAllowed : maintenance.loginAllowed
  if (!allowed) throw forbidden((locale) => m.login_not_allowed({}, { locale }))

  const keys = throttleKeys(input.body.username, clientAddress)
  const { delayMs } = await checkThrottle(db, keys, nowMs)
  if (delayMs > 0) await sleep(delayMs)

  const username = input.body.username.toLowerCase()
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive, companyId: users.companyId })
    .from(users)
    .where(eq(users.email, username))
    .limit(1)
  // The trail names the account signed in to, or tried (decision 053); a name that is nobody's is
  // not kept: it may be a password typed into the wrong field.
  noteActivity(user ? { actorUserId: user.id, companyId: user.companyId ?? undefined, target: username } : { target: 'unknown user' })
  // The browser, in words, for the account's list of recent sign-ins (decision 056).
  const browser = browserInWords(userAgent)
  if (browser) noteActivity({ details: { browser } })
  // Verify against a dummy hash for unknown users so timing does not reveal who exists.
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.body.password)
  if (!user || !passwordOk) {
    await recordFailure(db, keys, nowMs)
    recordFailedLogin()
    throw unauthorized((locale) => m.login_failed({}, { locale }))
  }
  if (!user.isActive) throw forbidden((locale) => m.error_user_inactive({}, { locale }))
  const factor = await enabledSecondFactorOf(db, user.id)
  if (factor) {
    // The right password alone is not a success: no known address, no counter cleared (decision 054).
    const code = input.body.code
    // The trail tells the step apart from a wrong password (decision 053).
    if (code === undefined) {
      noteActivity({ details: { second_factor: 'asked for' } })
      throw unauthorized((locale) => m.login_second_factor_required({}, { locale }), SECOND_FACTOR_NEEDED)
    }
    if (!(await acceptSecondFactor(db, factor, code, nowMs))) {
      noteActivity({ details: { second_factor: 'wrong' } })
      await recordFailure(db, keys, nowMs)
      recordFailedLogin()
      throw unauthorized((locale) => m.login_second_factor_wrong({}, { locale }), SECOND_FACTOR_NEEDED)
    }
  }

  await recordSuccess(db, keys, nowMs)
  await db
    .update(users)
    .set({ lastLoginAt: new Date(nowMs) })
    .where(eq(users.id, user.id))
  const sessionUser = await loadSessionUser(db, user.id, (companyId) => shopUrlFor(host, origin, companyId))
  if (!sessionUser) throw unauthorized((locale) => m.login_failed({}, { locale }))
  // Each sign-in is a session of its own, named in its token (decision 056).
  const sessionId = await openSession(db, user.id, { userAgent, clientAddress, nowMs })
  const jwt = await issueToken({ userId: user.id, sessionId }, nowMs)
  if (!factor && needsSecondFactorSetup(sessionUser.groups)) return { jwt, user: sessionUser, ...SETUP_REQUIRED }
  return { jwt, user: sessionUser }
})

const SECOND_FACTOR_NEEDED = { second_factor: 'totp' }
const SETUP_REQUIRED: { second_factor_setup_required: true } = { second_factor_setup_required: true }

/** With REQUIRE_2FA_FOR_STAFF, staff who manage users or upload files are asked to set up a second factor. */
function needsSecondFactorSetup(groups: ReadonlyArray<Permission>): boolean {
  return env().REQUIRE_2FA_FOR_STAFF && groups.some((group) => STAFF_NEEDING_SECOND_FACTOR.includes(group))
}

const STAFF_NEEDING_SECOND_FACTOR: ReadonlyArray<Permission> = ['MANAGE_USERS', 'CAN_UPLOAD']
