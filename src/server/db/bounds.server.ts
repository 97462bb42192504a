import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { env } from '../env.server'
import type { Db } from './types'

// Every wait on the database is bounded (decision 050): a connection (opened, or taken from the
// pool), a lock and a statement. Past a bound the call answers 503 with Retry-After.
export type WaitBounds = { connectMs: number; lockMs: number; statementMs: number }

/** The bounds the settings give (DATABASE_CONNECT_TIMEOUT_MS, …_LOCK_…, …_STATEMENT_…). */
export function configuredBounds(): WaitBounds {
  const config = env()
  return { connectMs: config.DATABASE_CONNECT_TIMEOUT_MS, lockMs: config.DATABASE_LOCK_TIMEOUT_MS, statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS }
}

/**
 * `pg` settings for the bounds. `connectionTimeoutMillis` bounds both opening a connection and
 * waiting in the pool's queue for a free one, so requests blocked on a lock cannot starve the rest
 * longer than that; the server enforces the lock and statement bounds on every connection.
 */
export function boundSettings(bounds: WaitBounds): Pick<pg.PoolConfig, 'connectionTimeoutMillis' | 'lock_timeout' | 'statement_timeout'> {
  return { connectionTimeoutMillis: bounds.connectMs, lock_timeout: bounds.lockMs, statement_timeout: bounds.statementMs }
}

/** A long job's bounds: half an hour a statement, a minute for a lock (decision 050). */
export const LONG_JOB = { statementMs: 30 * 60_000, lockMs: 60_000 }

/** Lifts the request bounds for the rest of the transaction `tx` of a long job (price upload, imports, seed). */
export async function allowLongJob(tx: Db): Promise<void> {
  await tx.execute(sql.raw(`set local statement_timeout = ${LONG_JOB.statementMs}`))
  await tx.execute(sql.raw(`set local lock_timeout = ${LONG_JOB.lockMs}`))
}

/** The same for a whole session of one connection (migrations, which run their own transactions). */
export const LONG_SESSION = `set statement_timeout = ${LONG_JOB.statementMs}; set lock_timeout = ${LONG_JOB.lockMs}`
/** Back to the connection's own bounds (RESET goes back to what the connection started with). */
export const BOUNDED_SESSION = 'reset statement_timeout; reset lock_timeout'
