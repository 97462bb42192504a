import { chmodSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { openEmbeddedDatabase, type EmbeddedDatabase, type RestartPolicy } from '../../src/server/db/embedded/open.server'
import { isRunning } from '../../src/server/db/embedded/orphan.server'
import { liveness, resetLiveness } from '../../src/server/ops/liveness.server'
import { MIGRATIONS } from '../helpers/database'

// The embedded database heals itself (decision 052): a server that is killed (as the OOM killer
// does) is started again on the same socket with everything committed, and the open database
// answers again without a new pool; one that cannot be started again, too often in a short
// time, turns liveness down so a supervisor restarts the process.
const folders: string[] = []
function dataDir(): string {
  const path = mkdtempSync(join(tmpdir(), 'portal-heal-'))
  chmodSync(path, 0o755)
  folders.push(path)
  return path
}
const opened: EmbeddedDatabase[] = []
afterEach(() => resetLiveness())
afterAll(async () => {
  for (const database of opened) await database.close().catch(() => undefined)
  for (const path of folders) rmSync(path, { recursive: true, force: true })
})

const FAST: RestartPolicy = { maxRestarts: 5, windowMs: 60_000, firstDelayMs: 50, maxDelayMs: 500 }
const count = z.object({ rows: z.array(z.object({ n: z.coerce.number() })).length(1) })

async function open(folder: string, policy: RestartPolicy): Promise<EmbeddedDatabase> {
  const database = await openEmbeddedDatabase({ dataDir: folder, sharedBuffers: '32MB', migrationsFolder: MIGRATIONS }, policy)
  opened.push(database)
  return database
}

/** The error lines the keeper writes (expected here: a console.error otherwise fails a test). */
function errorLines(): () => string[] {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  return () => spy.mock.calls.map((call) => call.map(String).join(' '))
}

/** Waits until `done` holds, for at most `ms`. */
async function until(done: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms
  while (!done() && Date.now() < end) await sleep(100)
}

/** Asks until the database answers (a connection refused while it starts again), for at most `ms`. */
async function answered<T>(ask: () => Promise<T>, ms: number): Promise<{ value: T; failures: number }> {
  const until = Date.now() + ms
  let failures = 0
  for (;;) {
    try {
      return { value: await ask(), failures }
    } catch (error) {
      failures += 1
      if (Date.now() > until) throw error
      await sleep(100)
    }
  }
}

describe('the embedded database, killed', () => {
  it('is started again by itself with every committed row, and the open database answers again', async () => {
    const database = await open(dataDir(), FAST)
    await database.db.execute(sql`create table heal_check (n int)`)
    await database.db.execute(sql`insert into heal_check select generate_series(1, 500)`)
    const errors = errorLines()
    const killed = database.server.pid
    process.kill(killed, 'SIGKILL')
    await until(() => database.server.pid !== killed, 30_000)
    expect(database.server.pid).not.toBe(killed)
    const { value } = await answered(async () => count.parse(await database.db.execute(sql`select count(*) as n from heal_check`)), 30_000)
    expect(value.rows[0]!.n).toBe(500)
    expect(errors()).toEqual([expect.stringMatching(new RegExp(`pid ${killed}\\) ended unexpectedly \\(signal SIGKILL\\): starting it again`))])
    expect(isRunning(database.server.pid)).toBe(true)
    expect(liveness()).toEqual({ alive: true })
    // And writes go on.
    await database.db.execute(sql`insert into heal_check values (501)`)
    expect(count.parse(await database.db.execute(sql`select count(*) as n from heal_check`)).rows[0]!.n).toBe(501)
    await database.close()
    expect(isRunning(database.server.pid)).toBe(false)
  }, 60_000)

  it('gives up after too many failures in a short time: liveness turns down', async () => {
    const folder = dataDir()
    const database = await open(folder, { ...FAST, maxRestarts: 1 })
    // A folder the server cannot start from any more (its version file gone): every start fails.
    const version = join(folder, 'postgres', 'PG_VERSION')
    renameSync(version, `${version}.away`)
    const errors = errorLines()
    process.kill(database.server.pid, 'SIGKILL')
    await until(() => !liveness().alive, 30_000)
    const now = liveness()
    expect(errors().at(-1)).toMatch(/gives up, \/health answers 503/)
    expect(now.alive).toBe(false)
    if (!now.alive) expect(now.reason).toMatch(/failed \d+ times/)
    renameSync(`${version}.away`, version)
  }, 60_000)

  it('is not started again when the database is closed', async () => {
    const database = await open(dataDir(), FAST)
    const pid = database.server.pid
    await database.close()
    await sleep(300)
    expect(database.server.pid).toBe(pid)
    expect(isRunning(pid)).toBe(false)
  }, 60_000)
})
