import { readFileSync, realpathSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { z } from 'zod'
import { isRunning } from './orphan.server'
import { DATABASE, SUPERUSER } from './server.server'

// A command-line tool next to a running portal (decision 042): PostgreSQL writes
// DATA_DIR/postgres/postmaster.pid — pid, data folder, start time, port, socket folder, listen
// address, shared memory key, status — and its socket folder and port reach the server as the
// embedded superuser, as the portal itself connects. Only the server's account and root may use
// that socket (decision 032), so this opens nothing to anyone else.
export type RunningServer = {
  pid: number
  pgdata: string
  /** For `pg`: the socket folder as host, the superuser, the portal's database. */
  connection: pg.PoolConfig
  major: number
}

export class AttachError extends Error {}

type PidFile = { pid: number; pgdata: string; connection: pg.PoolConfig; status: string }

/** The pid of a PostgreSQL server running on DATA_DIR/postgres (starting, serving or stopping), from its postmaster.pid. */
export function postmasterOf(dataDir: string): number | undefined {
  return readPidFile(resolve(dataDir, 'postgres'))?.pid
}

/** What postmaster.pid says of the server running on DATA_DIR/postgres; undefined when none runs there (yet). */
export function readPostmasterPid(dataDir: string): PidFile | undefined {
  const pgdata = resolve(dataDir, 'postgres')
  const file = readPidFile(pgdata)
  if (!file) return undefined
  const port = Number(file.lines[3])
  const socketFolder = file.lines[4]?.trim()
  // The file is written line by line as the server starts: no socket line yet means not ready.
  if (!Number.isSafeInteger(port) || !socketFolder) return undefined
  return { pid: file.pid, pgdata, status: file.lines[7]?.trim() ?? '', connection: { host: socketFolder, port, user: SUPERUSER, database: DATABASE } }
}

function readPidFile(pgdata: string): { pid: number; lines: string[] } | undefined {
  let lines: string[]
  try {
    lines = readFileSync(join(pgdata, 'postmaster.pid'), 'utf8').split('\n')
  } catch {
    return undefined
  }
  const pid = Number(lines[0])
  return Number.isSafeInteger(pid) && pid > 0 && isRunning(pid) && servesFolder(pid, pgdata) ? { pid, lines } : undefined
}

/** Whether `pid` is the postmaster of `pgdata` and not a program that got a dead server's pid. */
function servesFolder(pid: number, pgdata: string): boolean {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
    const served = args[args.indexOf('-D') + 1]
    return served !== undefined && realpathSync(served) === realpathSync(pgdata)
  } catch {
    return true // no /proc (not Linux), or not ours to read: trust the lock file
  }
}

const identity = z.object({ data_directory: z.string(), major: z.coerce.number().int() })

/**
 * Connects to the embedded server running on DATA_DIR/postgres. Waits while it starts (recovery
 * after a crash or a restore) up to `timeoutMs`; throws AttachError when none runs, or when the
 * socket leads to a server of another folder.
 */
export async function attachToRunningServer(dataDir: string, timeoutMs = 15_000): Promise<RunningServer> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const found = readPostmasterPid(dataDir)
    if (!found) throw new AttachError(`no embedded database server is running on ${resolve(dataDir, 'postgres')}`)
    const client = new pg.Client({ ...found.connection, application_name: 'portal-cli' })
    try {
      await client.connect()
      const result = await client.query(
        "select current_setting('data_directory') as data_directory, current_setting('server_version_num')::int / 10000 as major",
      )
      const row = identity.parse(result.rows[0])
      if (realpathSync(row.data_directory) !== realpathSync(found.pgdata)) {
        throw new AttachError(`the socket ${found.connection.host} leads to the server of ${row.data_directory}, not of ${found.pgdata}`)
      }
      return { pid: found.pid, pgdata: found.pgdata, connection: found.connection, major: row.major }
    } catch (error) {
      if (error instanceof AttachError) throw error
      // "the database system is starting up" (57P03), or the socket not there yet.
      if (Date.now() >= until) {
        throw new AttachError(`the embedded database server (pid ${found.pid}) does not answer: ${error instanceof Error ? error.message : String(error)}`)
      }
      await sleep(200)
    } finally {
      await client.end().catch(() => undefined)
    }
  }
}
