// bench/api.ts — in one run: a bare node:http JSON server (the floor), the Start route that
// returns fixed JSON (/health), and the authenticated, database-backed /vue/ calls on the
// embedded database: GET /vue/company/{id}/info/ with the read cache on (default) and off
// (READ_CACHE_TTL_MS=0, a second built server), and GET /vue/basket/list/. Each target is
// loaded with autocannon (c=50, 10 s by default, after a 2 s warm-up); the uncached company
// info also at one connection (its latency is the cost of one request). Prints req/s, the
// ratio to bare, p99 and errors. Needs `npm run build` first. BENCH_PORT moves the ports.
// The machine is shared and its load drifts, so bare is measured again right before each
// target and the ratio is to that neighbour (the table's bare row is their mean).
// With BENCH_DATABASE_URL (a PostgreSQL database of its own; the demo data is loaded when it is
// empty) a third server answers uncached company info from PostgreSQL, for comparison.
// Small mode (BENCH_SMALL=1): 1 s per target at 4 connections without warm-up; a failed
// request (an error or a non-2xx answer) fails it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import autocannon from 'autocannon'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { SMALL, sized } from './mode'
import { writeResult, type Figure } from './result'
import { demoToken, freePort, requireBuild, startBuiltServer, stop, waitFor } from './server'

const DURATION = sized('BENCH_DURATION', { full: 10, small: 1 })
const CONNECTIONS = sized('BENCH_CONNECTIONS', { full: 50, small: 4 })
const WARMUP_SECONDS = SMALL ? 0 : 2
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 3210)
const DATA_ROOT = `./bench/results/api-${process.pid}`
const POSTGRES_URL = process.env.BENCH_DATABASE_URL

// Targets (ratios to bare node:http in the same run).
const CACHED_RATIO = 0.4
const UNCACHED_RATIO = 0.05

const bareServer = (port: number) => `
const http = require('node:http');
const body = JSON.stringify({ status: true, messages: [], data: { ok: true } });
http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(body); })
  .listen(${port}, '127.0.0.1');
`

/** errors: all that went wrong; failed: of them, the errors and non-2xx answers (not timeouts). */
type Result = { name: string; connections: number; requests: number; p99: number; errors: number; failed: number }

type Row = Result & { ratio: number; bare: number }

async function load(name: string, url: string, headers: Record<string, string> = {}, connections = CONNECTIONS): Promise<Result> {
  // A short warm-up so JIT and caches are in the same state for every target.
  if (WARMUP_SECONDS > 0) await autocannon({ url, connections, duration: WARMUP_SECONDS, headers })
  const result = await autocannon({ url, connections, duration: DURATION, headers })
  return {
    name,
    connections,
    requests: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    failed: result.errors + result.non2xx,
  }
}

/** The target, right after bare node:http at the same connection count; the ratio is to that bare. */
async function paired(bareUrl: string, bares: Result[], ...target: Parameters<typeof load>): Promise<Row> {
  const bare = await load('bare node:http JSON', bareUrl, {}, target[3])
  bares.push(bare)
  const result = await load(...target)
  return { ...result, ratio: result.requests / bare.requests, bare: bare.requests }
}

async function ensureOk(url: string, token: string): Promise<void> {
  const response = await fetch(url, { headers: { authorization: `JWT ${token}` } })
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`)
}

async function main(): Promise<void> {
  requireBuild()
  rmSync(DATA_ROOT, { recursive: true, force: true })
  const children: ChildProcess[] = []
  try {
    const barePort = await freePort(FIRST_PORT, FIRST_PORT + 40)
    children.push(spawn(process.execPath, ['-e', bareServer(barePort)], { stdio: 'inherit' }))
    const cachedPort = await freePort(barePort + 1, barePort + 40)
    const uncachedPort = await freePort(cachedPort + 1, cachedPort + 40)
    for (const [port, ttl] of [
      [cachedPort, undefined],
      [uncachedPort, '0'],
    ] as const) {
      const dataDir = `${DATA_ROOT}/${port}`
      mkdirSync(dataDir, { recursive: true })
      children.push(startBuiltServer({ port, dataDir, env: ttl === undefined ? {} : { READ_CACHE_TTL_MS: ttl } }))
    }
    const postgresPort = POSTGRES_URL ? await startPostgresServer(POSTGRES_URL, uncachedPort + 1, children) : undefined
    const cached = `http://127.0.0.1:${cachedPort}`
    const uncached = `http://127.0.0.1:${uncachedPort}`
    const [bareChild, cachedChild, uncachedChild] = children
    await waitFor(`http://127.0.0.1:${barePort}/`, 30_000, bareChild)
    await Promise.all([waitFor(`${cached}/vue/maintenance/`, 120_000, cachedChild), waitFor(`${uncached}/vue/maintenance/`, 120_000, uncachedChild)])
    const auth = async (origin: string) => ({ authorization: `JWT ${await demoToken(origin, 'dealer')}` })
    const cachedAuth = await auth(cached)
    const uncachedAuth = await auth(uncached)
    const infoPath = `/vue/company/${DEMO_ACCOUNTS.dealer.companyId}/info/`
    const basketPath = '/vue/basket/list/'
    await ensureOk(`${cached}${infoPath}`, cachedAuth.authorization.slice(4))
    await ensureOk(`${uncached}${infoPath}`, uncachedAuth.authorization.slice(4))
    await ensureOk(`${cached}${basketPath}`, cachedAuth.authorization.slice(4))

    const bareUrl = `http://127.0.0.1:${barePort}/`
    const bares: Result[] = []
    const targets = [
      await paired(bareUrl, bares, 'Start route, fixed JSON (/health)', `${cached}/health`),
      await paired(bareUrl, bares, 'company info, read cache on', `${cached}${infoPath}`, cachedAuth),
      await paired(bareUrl, bares, 'company info, READ_CACHE_TTL_MS=0', `${uncached}${infoPath}`, uncachedAuth),
      await paired(bareUrl, bares, 'company info, READ_CACHE_TTL_MS=0', `${uncached}${infoPath}`, uncachedAuth, 1),
      await paired(bareUrl, bares, 'basket list, read cache on', `${cached}${basketPath}`, cachedAuth),
    ]
    if (postgresPort !== undefined) {
      const postgres = `http://127.0.0.1:${postgresPort}`
      await waitFor(`${postgres}/vue/maintenance/`, 120_000, children.at(-1))
      const postgresAuth = await auth(postgres)
      await ensureOk(`${postgres}${infoPath}`, postgresAuth.authorization.slice(4))
      targets.push(await paired(bareUrl, bares, 'company info, TTL=0, PostgreSQL', `${postgres}${infoPath}`, postgresAuth))
    }
    const many = bares.filter((bare) => bare.connections === CONNECTIONS)
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
    const bare: Row = {
      name: `bare node:http JSON (mean of ${many.length})`,
      connections: CONNECTIONS,
      requests: mean(many.map((row) => row.requests)),
      p99: Math.max(...many.map((row) => row.p99)),
      errors: bares.reduce((sum, row) => sum + row.errors, 0),
      failed: bares.reduce((sum, row) => sum + row.failed, 0),
      ratio: 1,
      bare: 1,
    }
    const rows = [bare, ...targets]

    console.log(`\nautocannon, ${DURATION} s each after a ${WARMUP_SECONDS} s warm-up, same run; ratio = req/s ÷ bare node:http measured just before\n`)
    console.log('target'.padEnd(38), 'conns'.padStart(5), 'req/s'.padStart(9), 'ratio'.padStart(7), 'p99 ms'.padStart(8), 'errors'.padStart(7))
    for (const row of rows) {
      console.log(
        row.name.padEnd(38),
        String(row.connections).padStart(5),
        row.requests.toFixed(0).padStart(9),
        row.ratio.toFixed(3).padStart(7),
        String(row.p99).padStart(8),
        String(row.errors).padStart(7),
      )
    }
    const [, info, infoUncached] = targets as [Row, Row, Row]
    const errors = rows.reduce((sum, row) => sum + row.errors, 0)
    const checks = [
      [`company info, cache on ≥ ${CACHED_RATIO} × bare`, info.ratio >= CACHED_RATIO],
      [`company info, READ_CACHE_TTL_MS=0 ≥ ${UNCACHED_RATIO} × bare`, infoUncached.ratio >= UNCACHED_RATIO],
      ['no errors or non-2xx answers', errors === 0],
    ] as const
    console.log('')
    for (const [what, met] of checks) console.log(`${met ? 'MET    ' : 'NOT MET'}  ${what}`)
    const failed = rows.reduce((sum, row) => sum + row.failed, 0)
    if (SMALL && failed > 0) throw new Error(`${failed} requests failed (errors or non-2xx answers)`)
    writeResult(figures(targets, info, infoUncached, errors))
  } finally {
    await Promise.all(children.map(stop))
    rmSync(DATA_ROOT, { recursive: true, force: true })
  }
}

/** The rows for bench/run-all.ts: each target's req/s against bare node:http just before it. */
function figures(targets: Row[], info: Row, infoUncached: Row, errors: number): Figure[] {
  const ratioAtLeast = (limit: number): Figure['target'] => ({ of: 'ratio', bound: 'min', limit })
  return [
    ...targets.map((row): Figure => ({
      figure: `${row.name}, ${row.connections} conn.`,
      value: row.requests,
      unit: 'req/s',
      baseline: { figure: 'bare node:http', value: row.bare },
      target: row === info ? ratioAtLeast(CACHED_RATIO) : row === infoUncached ? ratioAtLeast(UNCACHED_RATIO) : undefined,
    })),
    { figure: 'errors and non-2xx answers, all loads', value: errors, unit: '', target: { of: 'value', bound: 'max', limit: 0 } },
  ]
}

/** A built server on PostgreSQL without the read cache; the demo data goes in first when the database is empty. */
async function startPostgresServer(url: string, from: number, children: ChildProcess[]): Promise<number> {
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  // Exit code 2: the database already holds users (a run before this one seeded it).
  if (seeded.status !== 0 && seeded.status !== 2) throw new Error(`seeding ${url} failed: ${seeded.stderr.toString()}`)
  const port = await freePort(from, from + 40)
  const dataDir = `${DATA_ROOT}/${port}`
  mkdirSync(dataDir, { recursive: true })
  children.push(startBuiltServer({ port, dataDir, env: { DATABASE_URL: url, READ_CACHE_TTL_MS: '0' } }))
  return port
}

await main()
