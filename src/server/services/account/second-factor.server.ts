import { setTimeout as sleep } from 'node:timers/promises'
import { eq, isNull } from 'drizzle-orm'
import { siteForHost } from '../../../../app.config'
import { secondFactorDisableEndpoint, secondFactorEnableEndpoint, secondFactorSetupEndpoint, secondFactorStatusEndpoint } from '../../../contract/second-factor'
import { m } from '../../../paraglide/messages'
import type { Caller } from '../../auth/caller.server'
import {
  acceptSecondFactor,
  acceptTotp,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  recoveryCodesLeft,
  removeSecondFactor,
  secondFactorOf,
} from '../../auth/second-factor.server'
import { checkThrottle, recordFailure, throttleKeys } from '../../auth/throttle.server'
import { auditLog, userSecondFactors } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { badRequest, conflict, forbidden } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'
import { recordFailedLogin } from '../../ops/metrics.server'

// The signed-in user's second factor (decision 054). Changing it needs the person's own session:
// staff switched to a user (decision 018) could otherwise lock that user out or read their secret.

function requireOwnSession(caller: Caller): void {
  if (caller.actorUserId !== null) throw forbidden((locale) => m.second_factor_not_while_switched({}, { locale }))
}

/**
 * A code checked here counts like a password at login (decision 006): a stolen session cannot
 * guess its way past the second factor faster than a login could.
 */
async function checkCode(db: Db, caller: Caller, clientAddress: string, nowMs: number, accepted: () => Promise<boolean>): Promise<void> {
  const keys = throttleKeys(caller.email, clientAddress)
  const { delayMs } = await checkThrottle(db, keys, nowMs)
  if (delayMs > 0) await sleep(delayMs)
  if (await accepted()) return
  await recordFailure(db, keys, nowMs)
  recordFailedLogin()
  throw badRequest((locale) => m.login_second_factor_wrong({}, { locale }))
}

async function audit(db: Db, caller: Caller, action: string, nowMs: number): Promise<void> {
  const entityId = String(caller.userId)
  await db.insert(auditLog).values({ actorUserId: caller.userId, action, entity: 'user', entityId, createdAt: new Date(nowMs) })
}

export const secondFactorStatus = implement(secondFactorStatusEndpoint, async ({ db, caller }) => {
  const factor = await secondFactorOf(db, caller.userId)
  const enabled = factor?.enabledAt != null
  return { enabled, recovery_codes_left: enabled ? await recoveryCodesLeft(db, caller.userId) : 0 }
})

export const secondFactorSetup = implement(secondFactorSetupEndpoint, async ({ db, caller, host, nowMs }) => {
  requireOwnSession(caller)
  const factor = await secondFactorOf(db, caller.userId)
  if (factor?.enabledAt) throw conflict((locale) => m.second_factor_already_enabled({}, { locale }))
  const secret = newTotpSecret()
  const row = { userId: caller.userId, secret, enabledAt: null, lastTimeStep: null, createdAt: new Date(nowMs) }
  // A setup not yet enabled is replaced; an enabled one is never (the conflict above, and the
  // condition here for a race with an enable).
  const written = await db
    .insert(userSecondFactors)
    .values(row)
    .onConflictDoUpdate({ target: userSecondFactors.userId, set: row, setWhere: isNull(userSecondFactors.enabledAt) })
    .returning({ userId: userSecondFactors.userId })
  if (written.length === 0) throw conflict((locale) => m.second_factor_already_enabled({}, { locale }))
  return { secret, otpauth_url: otpauthUrl(secret, siteForHost(host).title, caller.email) }
})

export const secondFactorEnable = implement(secondFactorEnableEndpoint, async ({ db, caller, input, clientAddress, nowMs }) => {
  requireOwnSession(caller)
  const factor = await secondFactorOf(db, caller.userId)
  if (!factor) throw conflict((locale) => m.second_factor_not_set_up({}, { locale }))
  if (factor.enabledAt) throw conflict((locale) => m.second_factor_already_enabled({}, { locale }))
  await checkCode(db, caller, clientAddress, nowMs, () => acceptTotp(db, factor, input.body.code, nowMs))
  const codes = await db.transaction(async (tx) => {
    await tx
      .update(userSecondFactors)
      .set({ enabledAt: new Date(nowMs) })
      .where(eq(userSecondFactors.userId, caller.userId))
    await audit(tx, caller, 'second_factor_enable', nowMs)
    return newRecoveryCodes(tx, caller.userId)
  })
  return { recovery_codes: codes }
})

export const secondFactorDisable = implement(secondFactorDisableEndpoint, async ({ db, caller, input, clientAddress, nowMs }) => {
  requireOwnSession(caller)
  const factor = await secondFactorOf(db, caller.userId)
  if (!factor?.enabledAt) throw conflict((locale) => m.second_factor_not_enabled({}, { locale }))
  await checkCode(db, caller, clientAddress, nowMs, () => acceptSecondFactor(db, factor, input.body.code, nowMs))
  await db.transaction(async (tx) => {
    await removeSecondFactor(tx, caller.userId)
    await audit(tx, caller, 'second_factor_disable', nowMs)
  })
  return { enabled: false as const }
})
