import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '../db/client.server'
import { noRoomToWrite } from '../db/no-room.server'
import type { ApiAnswer } from '../http-api/api-answer.server'
import { withinMs } from './deadline.server'
import { processLogger } from './logger.server'

// Readiness (decision 041): may a load balancer send this server requests? Not while it starts
// or stops; otherwise only when the database answers within a second and holds the newest
// migration of the migrations folder (drizzle records each applied one, with the journal's
// time, in drizzle.__drizzle_migrations), and while writes do not fail for lack of room
// (decision 050). Liveness (/health) asks none of this.
export type NotReady = 'starting' | 'stopping' | 'database' | 'migrations' | 'disk'
export type Readiness = { ready: true } | { ready: false; reason: NotReady }

const journal = z.object({ entries: z.array(z.object({ when: z.number() })) })

/** The time drizzle records for the folder's newest migration (its journal's latest `when`). */
export function newestMigration(migrationsFolder: string): number {
  const { entries } = journal.parse(JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')))
  return Math.max(0, ...entries.map((entry) => entry.when))
}

const applied = z.object({ rows: z.array(z.object({ newest: z.coerce.number() })).length(1) })

/**
 * The database check: one statement (it proves the database answers and reads the newest
 * applied migration), bounded by `timeoutMs`. Probes that come while one runs share it, so a
 * slow database is never asked twice at once. Changes are logged once, not on every probe.
 */
export function databaseCheck(database: () => Promise<Database> | undefined, newest: number, timeoutMs = 1000): () => Promise<Readiness> {
  let running: Promise<Readiness> | null = null
  let last: Readiness | null = null
  const check = async (): Promise<Readiness> => {
    const opening = database()
    if (!opening) return { ready: false, reason: 'starting' }
    try {
      const { db } = await withinMs(timeoutMs, opening)
      const result = await withinMs(timeoutMs, db.execute(sql`select coalesce(max(created_at), 0) as newest from drizzle.__drizzle_migrations`))
      const [row] = applied.parse(result).rows
      if ((row?.newest ?? 0) < newest) return note({ ready: false, reason: 'migrations' }, `the newest migration (${newest}) is not applied`)
      if (noRoomToWrite()) return note({ ready: false, reason: 'disk' }, 'writes fail for lack of room')
      return note({ ready: true })
    } catch (error) {
      return note({ ready: false, reason: 'database' }, error instanceof Error ? error.message : String(error))
    }
  }
  const note = (readiness: Readiness, why?: string): Readiness => {
    const changed = last === null ? !readiness.ready : last.ready !== readiness.ready
    if (changed && !readiness.ready) processLogger().warn({ reason: readiness.reason, why }, 'not ready: /ready answers 503')
    else if (changed) processLogger().info('ready again: /ready answers 200')
    last = readiness
    return readiness
  }
  return () => (running ??= check().finally(() => (running = null)))
}

const RETRY_AFTER: Record<NotReady, string> = { starting: '2', stopping: '5', database: '2', migrations: '5', disk: '30' }

/** /ready's answer: 200, or 503 with the reason and Retry-After. */
export function readinessAnswer(readiness: Readiness): ApiAnswer {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'cache-control': 'no-store' }
  if (readiness.ready) return { status: 200, headers, body: JSON.stringify({ ready: true }) }
  return {
    status: 503,
    headers: { ...headers, 'retry-after': RETRY_AFTER[readiness.reason] },
    body: JSON.stringify({ ready: false, reason: readiness.reason }),
  }
}
