import { Secret, TOTP } from 'otpauth'
import { secondFactorEnableEndpoint, secondFactorSetupEndpoint } from '../../src/contract/second-factor'
import { users } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import type { TestApi } from './api'

// The second factor's tests (decision 054): users of their own, and codes made the way an
// authenticator app makes them.
export const STEP_MS = 30_000

/** The code an authenticator app shows at `nowMs` for the secret. */
export function totpAt(secret: string, nowMs: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: nowMs })
}

/** A new active user of the carpenter's company with the demo password (so loginAs works). */
export async function newUser(api: TestApi, email: string): Promise<number> {
  const db = api.database.db
  const [{ hash } = { hash: '' }] = await db.select({ hash: users.passwordHash }).from(users).limit(1)
  const [row] = await db
    .insert(users)
    .values({ email, passwordHash: hash, firstName: 'Second', lastName: 'Factor', companyId: DEMO_ACCOUNTS.carpenter.companyId })
    .returning({ id: users.id })
  if (!row) throw new Error(`could not create ${email}`)
  return row.id
}

/** Sets up and enables the second factor for a signed-in user at `nowMs` (that step is then used). */
export async function enableSecondFactor(api: TestApi, token: string, nowMs: number): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await api.call(secondFactorSetupEndpoint, {}, { token, nowMs })
  const { secret } = setup.data
  const enable = await api.call(secondFactorEnableEndpoint, { code: totpAt(secret, nowMs) }, { token, nowMs })
  return { secret, recoveryCodes: enable.data.recovery_codes }
}
