import { and, asc, eq, gt, not, or, sql, type SQL } from 'drizzle-orm'
import { appConfig } from '../../../app.config'
import { KNOWN_PREFIX } from '../auth/throttle-keys.server'
import { loginAttempts, type LoginAttempt } from '../db/schema/index'
import type { Db } from '../db/types'

// The login throttle's locks (decision 006) as an operator sees them: `pair:<address> <user>`
// (this user from this address), `user:<user>` (the backstop, from every address) and
// `ip:<address>` (any user from this address). `known:` rows are not locks and stay.
export type LockKind = 'pair' | 'user' | 'address'

export type Lock = {
  key: string
  kind: LockKind
  username: string | null
  address: string | null
  lockedUntil: string
  /** Failures counted since the lock began (the count starts again at a lock). */
  failures: number
  /** How many failures within the window lock this kind of key. */
  lockedAfter: number
}

const isKnown = sql`starts_with(${loginAttempts.key}, ${KNOWN_PREFIX})`
const usernameOfPair = sql`substr(${loginAttempts.key}, strpos(${loginAttempts.key}, ' ') + 1)`
const addressOfPair = sql`substr(${loginAttempts.key}, 6, strpos(${loginAttempts.key}, ' ') - 6)`
const isPair = sql`starts_with(${loginAttempts.key}, 'pair:')`

export function describeKey(key: string): Pick<Lock, 'kind' | 'username' | 'address' | 'lockedAfter'> {
  const { loginFailuresBeforeLock, userFailuresBeforeLock, ipFailuresBeforeLock } = appConfig.limits
  if (key.startsWith('user:')) return { kind: 'user', username: key.slice(5), address: null, lockedAfter: userFailuresBeforeLock }
  if (key.startsWith('ip:')) return { kind: 'address', username: null, address: key.slice(3), lockedAfter: ipFailuresBeforeLock }
  const space = key.indexOf(' ')
  return { kind: 'pair', address: key.slice(5, space), username: key.slice(space + 1), lockedAfter: loginFailuresBeforeLock }
}

export async function listLocks(db: Db, nowMs: number): Promise<Lock[]> {
  const found = await db
    .select()
    .from(loginAttempts)
    .where(and(not(isKnown), gt(loginAttempts.lockedUntil, new Date(nowMs))))
    .orderBy(asc(loginAttempts.lockedUntil), asc(loginAttempts.key))
  return found.flatMap((row) => lockOf(row, nowMs) ?? [])
}

function lockOf(row: LoginAttempt, nowMs: number): Lock | null {
  if (!row.lockedUntil || row.lockedUntil.getTime() <= nowMs) return null
  return { key: row.key, ...describeKey(row.key), lockedUntil: row.lockedUntil.toISOString(), failures: row.failures }
}

/** Which throttle rows an unlock removes: their counters start afresh too. */
export type UnlockTarget = { username: string } | { address: string } | { all: true }

function rowsOf(target: UnlockTarget, nowMs: number): SQL | undefined {
  if ('username' in target) return or(eq(loginAttempts.key, `user:${target.username}`), and(isPair, sql`${usernameOfPair} = ${target.username}`))
  if ('address' in target) return or(eq(loginAttempts.key, `ip:${target.address}`), and(isPair, sql`${addressOfPair} = ${target.address}`))
  return and(not(isKnown), gt(loginAttempts.lockedUntil, new Date(nowMs)))
}

/** Deletes the target's throttle rows; answers the locks that were in force among them. */
export async function unlock(db: Db, target: UnlockTarget, nowMs: number): Promise<Lock[]> {
  const removed = await db.delete(loginAttempts).where(rowsOf(target, nowMs)).returning()
  return removed.flatMap((row) => lockOf(row, nowMs) ?? []).sort((a, b) => a.key.localeCompare(b.key))
}
