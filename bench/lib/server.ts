// Shared by the benchmarks: fill a data folder, start the built production server on it, wait for it, stop it.
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { z } from 'zod'
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs'
import { openEmbeddedDatabase } from '../../src/server/db/embedded/open.server'
import { prepareDatabase } from '../../src/server/db/prepare.server'
import type { Db } from '../../src/server/db/types'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/seed/demo-accounts'

export const SERVER_ENTRY = '.output/server/index.mjs'
const MIGRATIONS = 'src/server/db/migrations'

/**
 * Fills a DATA_DIR before the built server first starts on it: opens its embedded database,
 * migrates and loads the demo data, runs `fill` (the benchmark's generated rows), closes. The
 * one place that knows where and how the server keeps its data, so a change of engine is made here.
 */
export async function prepareDataDir<T>(dataDir: string, fill: (db: Db) => Promise<T>): Promise<T> {
  const database = await openEmbeddedDatabase({ dataDir, sharedBuffers: '128MB', migrationsFolder: MIGRATIONS })
  try {
    await prepareDatabase(database, { migrationsFolder: MIGRATIONS, seed: true })
    return await fill(database.db)
  } finally {
    await database.close()
  }
}

/**
 * A new folder for a benchmark's data under the system's temp folder, open to other accounts as a
 * project folder is: run as root, the embedded database runs as another account (decision 032).
 */
export function benchFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix))
  chmodSync(folder, 0o755)
  return folder
}

/** How the benchmark reaches the embedded database of a server on `dataDir` while it runs (as root or its account). */
export function embeddedConnection(dataDir: string): { host: string; user: string; database: string } {
  return { host: join(dataDir, 'postgres'), user: 'postgres', database: 'portal' }
}

export function requireBuild(): void {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`No build (${SERVER_ENTRY} is missing): run \`npm run build\` first.`)
}

/** Starts `node .output/server/index.mjs` in production mode; it migrates and seeds an empty DATA_DIR. */
export function startBuiltServer(options: {
  port: number
  dataDir: string
  stdio?: StdioOptions
  /** More environment for the server (e.g. READ_CACHE_TTL_MS). */
  env?: Record<string, string>
  /** Options for node itself (e.g. --cpu-prof). */
  nodeOptions?: ReadonlyArray<string>
}): ChildProcess {
  return spawn(process.execPath, [...SERVER_NODE_FLAGS, ...(options.nodeOptions ?? []), SERVER_ENTRY], {
    stdio: options.stdio ?? ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...options.env, NODE_ENV: 'production', PORT: String(options.port), DATA_DIR: options.dataDir },
  })
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    // nitro listens on all interfaces, so probe those rather than 127.0.0.1 only.
    probe.listen(port, () => probe.close(() => resolve(true)))
  })
}

/** The first port in [from, to] nobody listens on. */
export async function freePort(from: number, to: number): Promise<number> {
  for (let port = from; port <= to; port++) {
    if (await isFree(port)) return port
  }
  throw new Error(`No free port in ${from}–${to}`)
}

export async function waitFor(url: string, timeoutMs = 120_000, child?: ChildProcess): Promise<void> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before ${url} answered`)
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      // not up yet
    }
    await sleep(250)
  }
  throw new Error(`${url} did not come up`)
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  // The server closes gracefully; it gets 10 s before it is killed.
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

/** Logs a demo account in on the running server and returns its JWT. */
export async function demoToken(origin: string, account: keyof typeof DEMO_ACCOUNTS = 'staff'): Promise<string> {
  const login = await fetch(`${origin}/vue/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_ACCOUNTS[account].username, password: DEMO_PASSWORD }),
  })
  return z.object({ data: z.object({ jwt: z.string() }) }).parse(await login.json()).data.jwt
}

/**
 * A new empty database on the PostgreSQL server of `url`, named after its database and `suffix`
 * (dropped first if a run before left it), so one benchmark's data never weighs on another's
 * figures; `drop` removes it again.
 */
export async function freshDatabase(url: string, suffix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const at = new URL(url)
  const name = `${at.pathname.slice(1) || 'postgres'}_${suffix}`.replace(/[^a-z0-9_]/gi, '_')
  // Made and dropped from the server's own database: the one the URL names need not exist.
  const maintenance = new URL(url)
  maintenance.pathname = '/postgres'
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: maintenance.toString() })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`drop database if exists ${name} with (force)`)
  await admin(`create database ${name}`)
  at.pathname = `/${name}`
  return { url: at.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) }
}
