// The whole database fault run, repeatable (decisions 050–052): a built server on its embedded
// database and a second one on the machine's PostgreSQL behind a TCP proxy, each under a write
// loop, read loops and probes of /health and /ready (bench/lib/fault-traffic.ts), while one fault
// after the other is brought on and ends (bench/lib/fault-kinds.ts): the postmaster killed, the
// external PostgreSQL frozen, refused and then held, a table lock held by another session, slow clients
// dripping bodies. After each, once the loops succeed again, every write the server confirmed is
// read back through SQL. Prints one row per fault; exits non-zero when a confirmed write was
// lost, a call answered 500, or a server did not recover within a minute (a person would have
// had to step in). `npm run build && npm run bench:faults` (BENCH_SMALL=1: short faults, 30 drips).
// The second server uses BENCH_DATABASE_URL's PostgreSQL, else the machine's at 127.0.0.1:5432;
// without one that fault is left out.
import { closeSync, mkdirSync, openSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { startPgProxy, type PgProxy } from '../tests/helpers/pg-proxy'
import { drips, freezeRefuseHold, killPostmaster, tableLock, type Fault } from './lib/fault-kinds'
import { printFaultTable, type FaultRow } from './lib/fault-table'
import { LOOPS_ADDRESS, Traffic, recoveredAfter, tally, type Target } from './lib/fault-traffic'
import { SMALL, sized } from './lib/mode'
import { writeResult, type Figure } from './lib/result'
import { demoToken, embeddedConnection, freePort, freshDatabase, requireBuild, startBuiltServer, stop, waitFor } from './lib/server'

// A freeze outlasts the silent-connection bound (statement + connect bound: decision 050), which
// small mode shortens for the external server.
const SECONDS = SMALL ? { freeze: 4, refuse: 3, hold: 3, lock: 6 } : { freeze: 40, refuse: 20, hold: 20, lock: 30 }
const EXTERNAL_BOUNDS: Record<string, string> = SMALL ? { DATABASE_STATEMENT_TIMEOUT_MS: '2000', DATABASE_CONNECT_TIMEOUT_MS: '1000' } : {}
const DRIPS = sized('BENCH_DRIPS', { full: 300, small: 30 })
// The product's body bound in full mode; small mode shortens it so the drips end within seconds.
const BODY_BOUND_MS = SMALL ? 3_000 : 30_000
const RECOVERY_LIMIT_MS = 60_000
const EXTERNAL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test'
// The table the write loop writes (POST /vue/company/{cid}/address/new/).
const WRITTEN_TABLE = 'delivery_addresses'

type Server = { child: ReturnType<typeof startBuiltServer>; dataDir: string; log: string; sql: pg.ClientConfig; target: Target }

async function startServer(name: string, port: number, env: Record<string, string>, sql?: pg.ClientConfig): Promise<Server> {
  const dataDir = resolve('data', `bench-faults-${process.pid}-${name}`)
  const log = `${dataDir}.log`
  const out = openSync(log, 'w')
  const child = startBuiltServer({ port, dataDir, stdio: ['ignore', out, out], env: { TRUST_PROXY: '1', ...env } })
  closeSync(out)
  const origin = `http://127.0.0.1:${port}`
  try {
    await waitFor(`${origin}/ready`, 180_000, child)
    const jwt = await demoToken(origin, 'dealer')
    return { child, dataDir, log, sql: sql ?? embeddedConnection(dataDir), target: { name, origin, jwt, confirmed: new Map() } }
  } catch (error) {
    await stop(child)
    throw new Error(`the ${name} server did not start (its output: ${log})`, { cause: error })
  }
}

/** The machine's PostgreSQL with a new database of this run's own, or undefined when none answers. */
async function externalDatabase(): Promise<{ url: URL; drop: () => Promise<void> } | undefined> {
  const probe = new pg.Client({ connectionString: EXTERNAL, connectionTimeoutMillis: 2_000 })
  try {
    await probe.connect()
  } catch {
    console.warn(`No PostgreSQL answers at ${EXTERNAL}: the fault of the external database is left out.`)
    return undefined
  } finally {
    await probe.end().catch(() => undefined)
  }
  const database = await freshDatabase(EXTERNAL, `faults_${process.pid}`)
  return { url: new URL(database.url), drop: database.drop }
}

/** Confirmed writes of the server that its database no longer has (or has with another name). */
async function lostWrites(server: Server): Promise<number> {
  const client = new pg.Client(server.sql)
  await client.connect()
  try {
    const ids = [...server.target.confirmed.keys()]
    const { rows } = await client.query<{ id: number; name1: string }>(`select id, name1 from ${WRITTEN_TABLE} where id = any($1::int[])`, [ids])
    const found = new Map(rows.map((row) => [row.id, row.name1]))
    return ids.filter((id) => found.get(id) !== server.target.confirmed.get(id)).length
  } finally {
    await client.end()
  }
}

/** Runs one fault under traffic; waits for the loops to succeed again, then reads every confirmed write back. */
async function underTraffic(fault: Fault, server: Server): Promise<FaultRow> {
  const traffic = new Traffic(server.target)
  try {
    const healthyBy = Date.now() + 30_000
    while (recoveredAfter(traffic.answers, 0) === undefined) {
      if (Date.now() > healthyBy) throw new Error(`${server.target.name} server is not healthy before "${fault.name}"`)
      await sleep(100)
    }
    const began = Date.now()
    const end = await fault.run()
    const ended = Date.now()
    let recovery: number | undefined
    while (recovery === undefined && Date.now() - ended < RECOVERY_LIMIT_MS) {
      await sleep(100)
      if (end.settled()) recovery = recoveredAfter(traffic.answers, ended)
    }
    const windowEnd = Date.now()
    await traffic.stop()
    return {
      fault: fault.name,
      server: server.target.name,
      seconds: (ended - began) / 1000,
      ...tally(traffic.answers, began, windowEnd),
      checked: server.target.confirmed.size,
      lost: await lostWrites(server),
      recoveryMs: recovery,
      note: end.note,
    }
  } finally {
    await traffic.stop()
  }
}

async function main(): Promise<void> {
  requireBuild()
  mkdirSync('data', { recursive: true })
  const external = await externalDatabase()
  let proxy: PgProxy | undefined
  const servers: Server[] = []
  let failed = true
  try {
    const embeddedPort = await freePort(3580, 3620)
    const starting = [startServer('embedded', embeddedPort, SMALL ? { REQUEST_BODY_TIMEOUT_MS: String(BODY_BOUND_MS) } : {})]
    if (external) {
      proxy = await startPgProxy({ host: external.url.hostname, port: Number(external.url.port || 5432) })
      const behind = new URL(external.url)
      behind.hostname = '127.0.0.1'
      behind.port = String(proxy.port)
      // Writes are read back directly, not through the proxy the faults switch.
      const env = { DATABASE_URL: behind.toString(), SEED_DEMO: 'always', ...EXTERNAL_BOUNDS }
      starting.push(startServer('external', await freePort(embeddedPort + 1, 3620), env, { connectionString: external.url.toString() }))
    }
    const started = await Promise.allSettled(starting)
    for (const one of started) if (one.status === 'fulfilled') servers.push(one.value)
    for (const one of started) if (one.status === 'rejected') throw one.reason
    const [embedded, second] = servers
    const faults: Fault[] = [killPostmaster(embedded!.dataDir)]
    if (proxy) faults.push(freezeRefuseHold(proxy, SECONDS))
    faults.push(tableLock(embedded!.sql, WRITTEN_TABLE, SECONDS.lock), drips(Number(new URL(embedded!.target.origin).port), DRIPS, BODY_BOUND_MS))
    const rows: FaultRow[] = []
    for (const fault of faults) {
      console.log(`… ${fault.name}`)
      rows.push(await underTraffic(fault, fault.server === 'external' ? second! : embedded!))
    }
    printFaultTable(rows, { small: SMALL, loopsAddress: LOOPS_ADDRESS })
    writeResult(
      rows.flatMap((row): Figure[] => [
        { figure: `${row.fault}: confirmed writes lost`, value: row.lost, unit: 'writes', target: { of: 'value', bound: 'max', limit: 0 } },
        { figure: `${row.fault}: answers 500`, value: row.failed500, unit: 'answers', target: { of: 'value', bound: 'max', limit: 0 } },
        {
          figure: `${row.fault}: recovery`,
          value: row.recoveryMs ?? RECOVERY_LIMIT_MS,
          unit: 'ms',
          target: { of: 'value', bound: 'max', limit: RECOVERY_LIMIT_MS },
        },
      ]),
    )
    failed = rows.some((row) => row.lost > 0 || row.failed500 > 0 || row.recoveryMs === undefined)
  } finally {
    await Promise.all(servers.map((server) => stop(server.child)))
    await proxy?.close()
    await external?.drop()
    for (const server of servers) {
      rmSync(server.dataDir, { recursive: true, force: true })
      if (failed) console.error(`The ${server.target.name} server's output is kept in ${server.log}`)
      else rmSync(server.log, { force: true })
    }
  }
  if (failed) process.exitCode = 1
}

await main()
