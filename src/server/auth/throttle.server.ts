import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import { appConfig } from '../../../app.config'
import { m } from '../../paraglide/messages'
import { loginAttempts } from '../db/schema/index'
import type { Db } from '../db/types'
import { throttled } from '../vue/errors.server'

// Login throttling kept in the database (app servers hold no state): failures per username
// and per client address within a window first slow the answer, then refuse it with 429.
export type ThrottleKeys = { user: string; address: string }

const MAX_DELAY_MS = 4000

export function throttleKeys(username: string, clientAddress: string): ThrottleKeys {
  return { user: `user:${username.trim().toLowerCase()}`, address: `ip:${clientAddress}` }
}

function windowMs(): number {
  return appConfig.limits.loginWindowMinutes * 60_000
}

/** Throws 429 while a key is locked; otherwise answers how long to hold the answer back. */
export async function checkThrottle(db: Db, keys: ThrottleKeys, nowMs: number): Promise<{ delayMs: number }> {
  const rows = await db
    .select()
    .from(loginAttempts)
    .where(inArray(loginAttempts.key, [keys.user, keys.address]))
  const windowStart = nowMs - windowMs()
  let userFailures = 0
  let addressFailures = 0
  for (const row of rows) {
    const lockedUntil = row.lockedUntil?.getTime() ?? 0
    if (lockedUntil > nowMs) {
      const minutes = Math.max(1, Math.ceil((lockedUntil - nowMs) / 60_000))
      throw throttled((locale) => m.login_throttled({ minutes: String(minutes) }, { locale }), Math.ceil((lockedUntil - nowMs) / 1000))
    }
    if (row.windowStartedAt.getTime() < windowStart) continue
    if (row.key === keys.user) userFailures = row.failures
    else addressFailures = row.failures
  }
  const { loginFailuresBeforeDelay, ipFailuresBeforeLock } = appConfig.limits
  // One username: the delay doubles with each failure. One address (an office may share it):
  // a flat delay from half its allowance on.
  const userDelay = userFailures >= loginFailuresBeforeDelay ? 250 * 2 ** (userFailures - loginFailuresBeforeDelay) : 0
  const addressDelay = addressFailures >= ipFailuresBeforeLock / 2 ? 250 : 0
  return { delayMs: Math.min(MAX_DELAY_MS, Math.max(userDelay, addressDelay)) }
}

export async function recordFailure(db: Db, keys: ThrottleKeys, nowMs: number): Promise<void> {
  const now = new Date(nowMs)
  const windowStart = new Date(nowMs - windowMs())
  const lockUntil = new Date(nowMs + windowMs())
  const limits = [
    { key: keys.user, lockAt: appConfig.limits.loginFailuresBeforeLock },
    { key: keys.address, lockAt: appConfig.limits.ipFailuresBeforeLock },
  ]
  await forgetStale(db, nowMs)
  for (const { key, lockAt } of limits) {
    const expired = sql`${loginAttempts.windowStartedAt} < ${windowStart.toISOString()}::timestamptz`
    await db
      .insert(loginAttempts)
      .values({ key, failures: 1, windowStartedAt: now, lockedUntil: null })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          failures: sql`case when ${expired} then 1 else ${loginAttempts.failures} + 1 end`,
          windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${loginAttempts.windowStartedAt} end`,
        },
      })
    await db
      .update(loginAttempts)
      .set({ lockedUntil: lockUntil, failures: 0, windowStartedAt: now })
      .where(and(eq(loginAttempts.key, key), gte(loginAttempts.failures, lockAt)))
  }
}

/** Old rows are dropped as new failures come in, so the table stays small. */
async function forgetStale(db: Db, nowMs: number): Promise<void> {
  const stale = new Date(nowMs - 24 * 60 * 60_000)
  await db
    .delete(loginAttempts)
    .where(and(lt(loginAttempts.windowStartedAt, stale), sql`(${loginAttempts.lockedUntil} is null or ${loginAttempts.lockedUntil} < ${stale.toISOString()}::timestamptz)`))
}

export async function clearFailures(db: Db, keys: ThrottleKeys): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, keys.user))
}
