import { spawn } from 'node:child_process'
import { chownSync, existsSync, lchownSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { claimFolder, releaseFolder } from '../open-folders.server'
import { accountFor, isRoot, launch, type Account } from './account.server'
import { postgresBinaries, type PostgresBinaries } from './binaries.server'
import { isRunning, stopOrphanedServer, waitUntilGone } from './orphan.server'
import { followLog } from './server-log.server'

// The embedded database: a real PostgreSQL server that the portal starts in DATA_DIR/postgres,
// reachable only through a Unix socket that only its account (and root) may use. It runs in
// processes of its own, so no query runs on the thread that answers HTTP (decision 032).
export type EmbeddedPostgres = {
  pgdata: string
  /** For `pg`: the socket folder as host, the superuser, the portal's database. */
  connection: pg.PoolConfig
  pid: number
  major: number
  /** The server reads folders it does not own (root started the portal in a closed folder). */
  widened: boolean
  /** Resolves when the server process ends, however it ends. */
  exited: Promise<number | null>
  /** The same, with the signal that ended it (a kill, the OOM killer) where one did. */
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** The folder of its socket: a server started again takes the same, so open pools reach it. */
  socketDir: string
  /** Fast shutdown (running transactions roll back, everything committed is on disk). */
  stop(timeoutMs?: number): Promise<void>
}

/** `socketDir`: the socket folder of a server this one takes over from (started again after it died). */
export type EmbeddedOptions = { dataDir: string; sharedBuffers: string; socketDir?: string }

// Also how a command-line tool attaches to the running server (attach.server.ts).
export const SUPERUSER = 'postgres'
export const DATABASE = 'portal'
// With listen_addresses empty the port only names the socket file.
const PORT = 5432
// sun_path holds 108 bytes; longer socket paths go to a private folder under the system's temp.
const SOCKET_PATH_MAX = 100
const LOG_ROTATE_BYTES = 10 * 1024 * 1024
const START_TIMEOUT_MS = 60_000

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const binaries = postgresBinaries()
  const dataDir = resolve(options.dataDir)
  const pgdata = join(dataDir, 'postgres')
  claimFolder(pgdata)
  try {
    mkdirSync(dataDir, { recursive: true })
    const account = accountFor(pgdata)
    if (!existsSync(join(pgdata, 'PG_VERSION'))) await initialize(binaries, pgdata, account)
    checkVersion(binaries, pgdata)
    if (isRoot()) ownTree(pgdata, account)
    await stopOrphanedServer(pgdata)
    const server = await launchWithRetries(binaries, pgdata, account, join(dataDir, 'postgres.log'), options)
    void server.exited.then(() => releaseFolder(pgdata))
    return server
  } catch (error) {
    releaseFolder(pgdata)
    throw error
  }
}

async function launchWithRetries(...args: Parameters<typeof launchServer>): Promise<EmbeddedPostgres> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await launchServer(...args)
    } catch (error) {
      // A server that was just stopped may hold its shared memory for a moment longer.
      if (attempt >= 5 || !(error instanceof StartFailure && error.transient)) throw error
      await sleep(500 * attempt)
    }
  }
}

class StartFailure extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
  ) {
    super(message)
  }
}

async function launchServer(
  binaries: PostgresBinaries,
  pgdata: string,
  account: Account,
  logFile: string,
  options: EmbeddedOptions,
): Promise<EmbeddedPostgres> {
  const socket = options.socketDir ? { dir: options.socketDir, temporary: options.socketDir !== pgdata } : socketFolder(pgdata, account)
  const settings = {
    listen_addresses: '',
    unix_socket_directories: `"${socket.dir.replaceAll('"', '""')}"`,
    unix_socket_permissions: '0700',
    shared_buffers: options.sharedBuffers,
    // As PGlite and the tests have it: SQL that casts to a date does so in UTC.
    TimeZone: 'UTC',
    log_checkpoints: 'off',
  }
  const args = ['-D', pgdata, '-p', String(PORT), ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])]
  const how = launch(binaries.postgres, args, account, [binaries.native, pgdata])
  rotate(logFile)
  const logStart = existsSync(logFile) ? statSync(logFile).size : 0
  // Its own process group: Ctrl+C in a terminal reaches the portal, which then stops the
  // database after its requests are done, instead of reaching both at once. Its log goes to
  // the file and, in the built server, into the portal's log stream (a full disk must not
  // silence it: the file is written as far as it can be).
  const child = spawn(how.command, how.args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true, uid: how.uid, gid: how.gid })
  for (const stream of [child.stdout, child.stderr]) if (stream) followLog(stream, logFile)
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.once('exit', (code, signal) => done({ code, signal })))
  const exited = ended.then(({ code }) => code)
  child.once('error', () => undefined)
  const connection: pg.PoolConfig = { host: socket.dir, port: PORT, user: SUPERUSER, database: DATABASE }
  try {
    await waitReady(connection, exited, logFile, logStart)
    await ensureDatabase(connection)
  } catch (error) {
    child.kill('SIGQUIT')
    await exited
    if (socket.temporary) rmSync(socket.dir, { recursive: true, force: true })
    throw error
  }
  const pid = child.pid ?? -1
  let stopping: Promise<void> | undefined
  return {
    pgdata,
    connection,
    pid,
    major: binaries.major,
    widened: how.widened,
    exited,
    ended,
    socketDir: socket.dir,
    stop: (timeoutMs = 20_000) =>
      (stopping ??= (async () => {
        // Smart shutdown first: the pool's connections are closing and end by themselves; then a
        // fast one (running transactions roll back); an immediate one recovers from the log.
        for (const [signal, waitMs] of [
          ['SIGTERM', 2_000],
          ['SIGINT', timeoutMs],
          ['SIGQUIT', 5_000],
        ] as const) {
          if (!isRunning(pid)) break
          child.kill(signal)
          if (await settles(exited, waitMs)) break
        }
        if (isRunning(pid)) child.kill('SIGKILL')
        await waitUntilGone(pid, 5_000)
        if (socket.temporary) rmSync(socket.dir, { recursive: true, force: true })
      })()),
  }
}

/** initdb into a side folder, renamed into place only when complete (a kill midway leaves no half database). */
async function initialize(binaries: PostgresBinaries, pgdata: string, account: Account): Promise<void> {
  const fresh = `${pgdata}.init`
  rmSync(fresh, { recursive: true, force: true })
  mkdirSync(fresh, { mode: 0o700 })
  if (isRoot()) chownSync(fresh, account.uid, account.gid)
  // Code-point order and Unicode-aware upper/lower (ILIKE on 'Müller'), as PGlite's C.UTF-8.
  const args = [
    '-D',
    fresh,
    '-U',
    SUPERUSER,
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C',
    '--locale-provider=builtin',
    '--builtin-locale=C.UTF-8',
    '--no-instructions',
  ]
  const how = launch(binaries.initdb, args, account, [binaries.native, fresh])
  const child = spawn(how.command, how.args, { stdio: ['ignore', 'pipe', 'pipe'], uid: how.uid, gid: how.gid })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise<number | null>((done, fail) => {
    child.once('error', fail)
    child.once('exit', done)
  })
  if (code !== 0) throw new Error(`creating the embedded database in ${pgdata} failed (initdb exit ${code}): ${lastLines(output, 6)}`)
  renameSync(fresh, pgdata)
}

function checkVersion(binaries: PostgresBinaries, pgdata: string): void {
  const made = Number(readFileSync(join(pgdata, 'PG_VERSION'), 'utf8').trim())
  if (made !== binaries.major) {
    throw new Error(
      `the embedded database in ${pgdata} was made by PostgreSQL ${made}; this portal runs PostgreSQL ${binaries.major}. ` +
        'Back it up with the portal that made it and restore it into a new DATA_DIR.',
    )
  }
}

/** Files in the data folder that root made (a copy, a restore) would make PostgreSQL refuse it. */
function ownTree(pgdata: string, account: Account): void {
  if (statSync(pgdata).uid !== account.uid) chownTree(pgdata, account)
}

function chownTree(path: string, account: Account): void {
  const stat = lstatSync(path)
  lchownSync(path, account.uid, account.gid)
  if (stat.isDirectory()) for (const name of readdirSync(path)) chownTree(join(path, name), account)
}

function socketFolder(pgdata: string, account: Account): { dir: string; temporary: boolean } {
  if (Buffer.byteLength(join(pgdata, `.s.PGSQL.${PORT}.lock`)) <= SOCKET_PATH_MAX) return { dir: pgdata, temporary: false }
  const dir = mkdtempSync(join(tmpdir(), 'portal-pg-'))
  if (isRoot()) chownSync(dir, account.uid, account.gid)
  return { dir, temporary: true }
}

async function waitReady(connection: pg.PoolConfig, exited: Promise<number | null>, logFile: string, logStart: number): Promise<void> {
  let ended: number | null | undefined
  void exited.then((code) => (ended = code))
  const until = Date.now() + START_TIMEOUT_MS
  while (Date.now() < until) {
    if (ended !== undefined) {
      const said = logSince(logFile, logStart)
      const transient = /shared memory block is still in use|lock file .* already exists/.test(said)
      throw new StartFailure(`the embedded database did not start (exit ${ended}): ${lastLines(said, 4)} (log: ${logFile})`, transient)
    }
    const client = new pg.Client({ ...connection, database: 'postgres' })
    try {
      await client.connect()
      await client.end()
      return
    } catch {
      await client.end().catch(() => undefined)
      await sleep(50)
    }
  }
  throw new StartFailure(`the embedded database did not answer within ${START_TIMEOUT_MS / 1000} s (log: ${logFile})`, false)
}

async function ensureDatabase(connection: pg.PoolConfig): Promise<void> {
  const client = new pg.Client({ ...connection, database: 'postgres' })
  await client.connect()
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [DATABASE])
    if (found.rowCount === 0) await client.query(`create database ${DATABASE}`)
  } finally {
    await client.end()
  }
}

function rotate(logFile: string): void {
  if (existsSync(logFile) && statSync(logFile).size > LOG_ROTATE_BYTES) renameSync(logFile, `${logFile}.1`)
}

function logSince(logFile: string, from: number): string {
  try {
    return readFileSync(logFile).subarray(from).toString('utf8')
  } catch {
    return ''
  }
}

function lastLines(text: string, count: number): string {
  return text.trim().split('\n').slice(-count).join(' | ')
}

function settles(exited: Promise<unknown>, ms: number): Promise<boolean> {
  // An unref'd timer: a process that has nothing else to do exits once the server has.
  return Promise.race([exited.then(() => true), sleep(ms, undefined, { ref: false }).then(() => false)])
}
