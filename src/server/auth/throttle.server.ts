import { eq, inArray, sql } from 'drizzle-orm'
import { appConfig } from '../../../app.config'
import { m } from '../../paraglide/messages'
import { loginAttempts } from '../db/schema/index'
import type { Db } from '../db/types'
import { throttled, type LocalizedText } from '../endpoint/errors.server'
import type { ThrottleKeys } from './throttle-keys.server'
import { KNOWN_ADDRESS_DAYS, forgetExpired, keepWithinCap, trimKnown } from './throttle-store.server'

export { throttleKeys, type ThrottleKeys } from './throttle-keys.server'

// Login throttling kept in the database (app servers hold no state), decision 006. Failures
// of a username from one address slow and then lock that address for it; failures of a
// username from everywhere lock it only far later (the backstop), and never where its owner
// logged in before; failures from one address for any username lock that address.
const MAX_DELAY_MS = 4000

function windowMs(): number {
  return appConfig.limits.loginWindowMinutes * 60_000
}

type Counts = { pair: number; user: number; address: number }

/** Throws 429 while a lock applies; otherwise answers how long to hold the answer back. */
export async function checkThrottle(db: Db, keys: ThrottleKeys, nowMs: number): Promise<{ delayMs: number }> {
  const rows = await db
    .select()
    .from(loginAttempts)
    .where(inArray(loginAttempts.key, [keys.pair, keys.user, keys.address, keys.known]))
  const knownSince = nowMs - KNOWN_ADDRESS_DAYS * 24 * 60 * 60_000
  const known = rows.some((row) => row.key === keys.known && row.windowStartedAt.getTime() >= knownSince)
  const windowStart = nowMs - windowMs()
  const counts: Counts = { pair: 0, user: 0, address: 0 }
  for (const row of rows) {
    if (row.key === keys.known) continue
    // The backstop does not lock out an address its owner has logged in from.
    const backstopSpared = row.key === keys.user && known
    const lockedUntil = row.lockedUntil?.getTime() ?? 0
    if (lockedUntil > nowMs && !backstopSpared) refuse(row.key === keys.user ? 'user' : 'pair', lockedUntil - nowMs)
    if (row.windowStartedAt.getTime() < windowStart) continue
    if (row.key === keys.pair) counts.pair = row.failures
    else if (row.key === keys.address) counts.address = row.failures
    else if (!backstopSpared) counts.user = row.failures
  }
  return { delayMs: delayFor(counts) }
}

function refuse(kind: 'pair' | 'user', remainingMs: number): never {
  const minutes = String(Math.max(1, Math.ceil(remainingMs / 60_000)))
  const text: LocalizedText =
    kind === 'user' ? (locale) => m.login_throttled_user({ minutes }, { locale }) : (locale) => m.login_throttled({ minutes }, { locale })
  throw throttled(text, Math.max(1, Math.ceil(remainingMs / 1000)))
}

function delayFor(counts: Counts): number {
  const { loginFailuresBeforeDelay, userFailuresBeforeLock, ipFailuresBeforeLock } = appConfig.limits
  // One username from one address: the delay doubles with each failure. The username from
  // everywhere, and one address (an office may share it): a flat delay from half the allowance.
  const pairDelay = counts.pair >= loginFailuresBeforeDelay ? 250 * 2 ** (counts.pair - loginFailuresBeforeDelay) : 0
  const flatDelay = counts.user >= userFailuresBeforeLock / 2 || counts.address >= ipFailuresBeforeLock / 2 ? 250 : 0
  return Math.min(MAX_DELAY_MS, Math.max(pairDelay, flatDelay))
}

// Housekeeping scans the table, so it runs on every HOUSEKEEPING_EVERY-th failure of this
// process only; between runs the table grows by at most three rows per failure.
export const HOUSEKEEPING_EVERY = 16
let failuresSinceHousekeeping = 0

/** One statement: each of the three counters goes up by one, or starts afresh, or locks. */
export async function recordFailure(db: Db, keys: ThrottleKeys, nowMs: number): Promise<void> {
  const now = new Date(nowMs)
  const windowStart = new Date(nowMs - windowMs())
  const lockUntil = new Date(nowMs + windowMs())
  const { loginFailuresBeforeLock, userFailuresBeforeLock, ipFailuresBeforeLock } = appConfig.limits
  const limits = [
    { key: keys.pair, lockAt: loginFailuresBeforeLock },
    { key: keys.user, lockAt: userFailuresBeforeLock },
    { key: keys.address, lockAt: ipFailuresBeforeLock },
  ]
  const lockAt = sql`(case ${loginAttempts.key} ${sql.join(
    limits.map((limit) => sql`when ${limit.key} then ${limit.lockAt}::int`),
    sql` `,
  )} end)`
  const expired = sql`${loginAttempts.windowStartedAt} < ${windowStart.toISOString()}::timestamptz`
  const next = sql`(case when ${expired} then 1 else ${loginAttempts.failures} + 1 end)`
  const locks = sql`${next} >= ${lockAt}`
  await db
    .insert(loginAttempts)
    .values(
      limits.map(({ key, lockAt: first }) =>
        first <= 1 ? { key, failures: 0, windowStartedAt: now, lockedUntil: lockUntil } : { key, failures: 1, windowStartedAt: now, lockedUntil: null },
      ),
    )
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: sql`case when ${locks} then 0 else ${next} end`,
        windowStartedAt: sql`case when ${expired} or ${locks} then ${now.toISOString()}::timestamptz else ${loginAttempts.windowStartedAt} end`,
        lockedUntil: sql`case when ${locks} then ${lockUntil.toISOString()}::timestamptz else ${loginAttempts.lockedUntil} end`,
      },
    })
  failuresSinceHousekeeping += 1
  if (failuresSinceHousekeeping >= HOUSEKEEPING_EVERY) {
    failuresSinceHousekeeping = 0
    await forgetExpired(db, nowMs, windowMs())
    await keepWithinCap(db, nowMs)
  }
}

/**
 * The right password: this address starts afresh for this username and becomes a known one.
 * The backstop counter stays — it runs out with its window, so the owner's login does not
 * hand a distributed guesser a fresh allowance.
 */
export async function recordSuccess(db: Db, keys: ThrottleKeys, nowMs: number): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, keys.pair))
  const now = new Date(nowMs)
  const [row] = await db
    .insert(loginAttempts)
    .values({ key: keys.known, failures: 0, windowStartedAt: now, lockedUntil: null })
    .onConflictDoUpdate({ target: loginAttempts.key, set: { windowStartedAt: now } })
    // xmax is 0 for a freshly inserted row: only a new address can push an old one out.
    .returning({ inserted: sql<boolean>`(xmax = 0)` })
  if (row?.inserted) await trimKnown(db, keys.username)
}
