import { setTimeout as sleep } from 'node:timers/promises'
import { openDatabase, type Database } from '../client.server'
import { moveFromPglite } from './pglite-move.server'
import { startEmbeddedPostgres, type EmbeddedOptions, type EmbeddedPostgres } from './server.server'
import { notice } from '../../ops/notice.server'
import { giveUp } from '../../ops/liveness.server'

// The embedded default as one Database: the server started, the schema migrated, a PGlite
// folder of an earlier version moved in; closing ends the pool, then the server. Used by the
// portal (instance.server.ts), the command-line tools and the benchmarks. Decision 032.
// A server that ends while the database is open (killed, the OOM killer, PostgreSQL's own
// shutdown after a failed write of its log) is started again (decision 052, keepStarting).
export type EmbeddedDatabase = Database & { server: EmbeddedPostgres }

/** How often a server that died is started again before the process gives up (liveness 503). */
export type RestartPolicy = { maxRestarts: number; windowMs: number; firstDelayMs: number; maxDelayMs: number }
export const RESTART_POLICY: RestartPolicy = { maxRestarts: 5, windowMs: 10 * 60_000, firstDelayMs: 250, maxDelayMs: 10_000 }

export async function openEmbeddedDatabase(
  options: { dataDir: string; sharedBuffers: string; migrationsFolder: string },
  restart: RestartPolicy = RESTART_POLICY,
): Promise<EmbeddedDatabase> {
  let server = await startEmbeddedPostgres(options)
  if (server.widened) {
    notice({
      level: 'warn',
      part: 'db',
      message:
        'root started the portal in a folder other accounts may not enter: the embedded database runs with the right to read any folder ' +
        '(CAP_DAC_READ_SEARCH). Run the portal as a normal user, or from a folder others may enter, to avoid that.',
    })
  }
  let database: Database | undefined
  try {
    database = await openDatabase({ pool: server.connection })
    await database.migrate(options.migrationsFolder)
    const moved = await moveFromPglite(options.dataDir, server.connection, options.migrationsFolder)
    if (moved.moved && moved.rows > 0) {
      notice({
        level: 'info',
        part: 'db',
        message:
          `moved ${moved.rows.toLocaleString('en')} rows in ${moved.tables} tables in ${(moved.ms / 1000).toFixed(1)} s; ` +
          `the old folder is kept as ${moved.keptAs} (delete it once you no longer need it).`,
      })
    }
  } catch (error) {
    await database?.close().catch(() => undefined)
    await server.stop()
    throw error
  }
  const opened = database
  let closing: Promise<void> | undefined
  keepStarting({ ...options, socketDir: server.socketDir }, server, restart, {
    closing: () => closing !== undefined,
    started: (next) => (server = next),
  })
  return {
    ...opened,
    get server() {
      return server
    },
    about: `embedded PostgreSQL ${server.major} in ${server.pgdata}`,
    close: () =>
      (closing ??= (async () => {
        try {
          await opened.close()
        } finally {
          await server.stop()
        }
      })()),
  }
}

/**
 * Watches the server; when it ends and nobody is closing the database, logs why at error level
 * and starts it again on the same socket (PostgreSQL's crash recovery replays its log), with a
 * growing pause between tries. Meanwhile calls fail to connect, which the endpoints answer with
 * 503 and Retry-After. More than `maxRestarts` ends within `windowMs`, or a start that fails as
 * often, and it stops trying: /health turns 503 so a supervisor starts the whole process again.
 */
function keepStarting(
  options: EmbeddedOptions,
  first: EmbeddedPostgres,
  policy: RestartPolicy,
  hooks: { closing: () => boolean; started: (server: EmbeddedPostgres) => void },
): void {
  const failures: number[] = []
  const failed = (): boolean => {
    const now = Date.now()
    failures.push(now)
    while (failures.length > 0 && failures[0]! < now - policy.windowMs) failures.shift()
    return failures.length > policy.maxRestarts
  }
  const watch = (server: EmbeddedPostgres) =>
    void server.ended.then(async ({ code, signal }) => {
      if (hooks.closing()) return
      const since = Date.now()
      notice({
        level: 'error',
        part: 'db',
        message: `the embedded database server (pid ${server.pid}) ended unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`}): starting it again`,
      })
      for (let attempt = 0; ; attempt += 1) {
        if (failed()) {
          const reason = `the embedded database failed ${failures.length} times within ${Math.round(policy.windowMs / 60_000)} minutes: this process gives up, /health answers 503`
          notice({ level: 'error', part: 'db', message: reason })
          giveUp(reason)
          return
        }
        await sleep(Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** attempt))
        if (hooks.closing()) return
        try {
          const next = await startEmbeddedPostgres(options)
          if (hooks.closing()) {
            await next.stop()
            return
          }
          hooks.started(next)
          notice({
            level: 'info',
            part: 'db',
            message: `the embedded database server is back (pid ${next.pid}) after ${((Date.now() - since) / 1000).toFixed(1)} s`,
          })
          watch(next)
          return
        } catch (error) {
          notice({
            level: 'error',
            part: 'db',
            message: `starting the embedded database again failed: ${error instanceof Error ? error.message : String(error)}`,
          })
        }
      }
    })
  watch(first)
}
