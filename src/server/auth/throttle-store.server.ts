import { and, count, desc, inArray, lt, not, or, sql } from 'drizzle-orm'
import { appConfig } from '../../../app.config'
import { loginAttempts } from '../db/schema/index'
import type { Db } from '../db/types'
import { KNOWN_PREFIX } from './throttle-keys.server'

// Keeps login_attempts bounded whatever an attacker sprays (decision 006): counters end with
// their window, known addresses after KNOWN_ADDRESS_DAYS and beyond KNOWN_ADDRESSES_PER_USER,
// and above loginThrottleRows counters the least telling ones go first. A lock is never
// dropped early, so spraying cannot lift one.
export const KNOWN_ADDRESS_DAYS = 30
export const KNOWN_ADDRESSES_PER_USER = 5

const isKnown = sql`starts_with(${loginAttempts.key}, ${KNOWN_PREFIX})`

function lockedAt(now: Date) {
  return sql`coalesce(${loginAttempts.lockedUntil} > ${now.toISOString()}::timestamptz, false)`
}

export async function forgetExpired(db: Db, nowMs: number, windowMs: number): Promise<void> {
  const now = new Date(nowMs)
  const windowStart = new Date(nowMs - windowMs)
  const knownSince = new Date(nowMs - KNOWN_ADDRESS_DAYS * 24 * 60 * 60_000)
  await db
    .delete(loginAttempts)
    .where(
      or(and(not(isKnown), lt(loginAttempts.windowStartedAt, windowStart), not(lockedAt(now))), and(isKnown, lt(loginAttempts.windowStartedAt, knownSince))),
    )
}

/** Above the cap, drops unlocked counters: fewest failures first, then the oldest. */
export async function keepWithinCap(db: Db, nowMs: number): Promise<void> {
  const cap = appConfig.limits.loginThrottleRows
  const now = new Date(nowMs)
  const [counted] = await db
    .select({ rows: count(), locked: sql<number>`count(*) filter (where ${lockedAt(now)})`.mapWith(Number) })
    .from(loginAttempts)
    .where(not(isKnown))
  if (!counted || counted.rows <= cap) return
  const keep = Math.max(0, cap - counted.locked)
  const dropped = db
    .select({ key: loginAttempts.key })
    .from(loginAttempts)
    .where(and(not(isKnown), not(lockedAt(now))))
    .orderBy(desc(loginAttempts.failures), desc(loginAttempts.windowStartedAt))
    .offset(keep)
  await db.delete(loginAttempts).where(inArray(loginAttempts.key, dropped))
}

/** A user's known addresses beyond the newest few are forgotten. */
export async function trimKnown(db: Db, username: string): Promise<void> {
  const mine = and(isKnown, sql`substr(${loginAttempts.key}, strpos(${loginAttempts.key}, ' ') + 1) = ${username}`)
  const older = db
    .select({ key: loginAttempts.key })
    .from(loginAttempts)
    .where(mine)
    .orderBy(desc(loginAttempts.windowStartedAt))
    .offset(KNOWN_ADDRESSES_PER_USER)
  await db.delete(loginAttempts).where(inArray(loginAttempts.key, older))
}
