import { setTimeout as sleep } from 'node:timers/promises'
import { eq } from 'drizzle-orm'
import { loginEndpoint } from '../../../contract/session'
import { m } from '../../../paraglide/messages'
import { dummyPasswordHash, verifyPassword } from '../../auth/password.server'
import { checkThrottle, recordFailure, recordSuccess, throttleKeys } from '../../auth/throttle.server'
import { issueToken } from '../../auth/token.server'
import { users } from '../../db/schema/index'
import { recordFailedLogin } from '../../ops/metrics.server'
import { forbidden, unauthorized } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'
import { readMaintenance } from './maintenance.server'
import { loadSessionUser } from './session-user.server'
import { shopUrlFor } from './shop-url.server'
import { noteActivity } from '../../activity/record.server'

export const login = implement(loginEndpoint, async ({ db, input, clientAddress, host, origin, nowMs }) => {
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
  // Verify against a dummy hash for unknown users so timing does not reveal who exists.
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.body.password)
  if (!user || !passwordOk) {
    await recordFailure(db, keys, nowMs)
    recordFailedLogin()
    throw unauthorized((locale) => m.login_failed({}, { locale }))
  }
  if (!user.isActive) throw forbidden((locale) => m.error_user_inactive({}, { locale }))

  await recordSuccess(db, keys, nowMs)
  await db
    .update(users)
    .set({ lastLoginAt: new Date(nowMs) })
    .where(eq(users.id, user.id))
  const sessionUser = await loadSessionUser(db, user.id, (companyId) => shopUrlFor(host, origin, companyId))
  if (!sessionUser) throw unauthorized((locale) => m.login_failed({}, { locale }))
  return { jwt: await issueToken({ userId: user.id }, nowMs), user: sessionUser }
})
