// bench/api.ts — throughput as same-run ratios to a bare node:http JSON server (the floor), on
// the embedded database and, with BENCH_DATABASE_URL (a PostgreSQL database of its own; the demo
// data goes in when it is empty), on PostgreSQL beside it. Targets (decision 033): company info with
// the read cache ≥ 0.4 × bare and without it (READ_CACHE_TTL_MS=0, a server of its own) ≥ 0.05 ×;
// the basket list (dealer, the approve screen's default page) ≥ 0.02 ×; the anonymous home page
// ≥ 0.05 ×; the signed-in screens rendered on the server (companies, contacts, basket approval,
// the translation desk's first paint) ≥ 0.01 ×. Each target is
// loaded with autocannon (c=50, 10 s, after a 2 s warm-up) right after its own bare measurement
// (the machine's load drifts within a minute). Needs `npm run build`. BENCH_PORT moves the ports.
// Small mode (BENCH_SMALL=1): 1 s per target at 4 connections; a failed request fails it.
// Then the cost of logs and metrics: the same call on one server with them on and off (≤ 5 % of throughput).
// Last, the cost of an activity trail row (bench/lib/trail-cost.ts): an insert into `activity` beside
// the same insert into an ordinary table, and a write beside the same write with its trail row.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import autocannon from 'autocannon'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { SMALL, sized } from './lib/mode'
import { writeResult, type Figure } from './lib/result'
import { freePort, freshDatabase, requireBuild, startBuiltServer, stop, waitFor } from './lib/server'
import { BENCH_JWT_SECRET, signedIn } from './lib/signed-in'
import { trailCost } from './lib/trail-cost'

const DURATION = sized('BENCH_DURATION', { full: 10, small: 1 })
const CONNECTIONS = sized('BENCH_CONNECTIONS', { full: 50, small: 4 })
const WARMUP_SECONDS = SMALL ? 0 : 2
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 3210)
const DATA_ROOT = `./bench/results/api-${process.pid}`
const POSTGRES_URL = process.env.BENCH_DATABASE_URL
const COMPANY = DEMO_ACCOUNTS.dealer.companyId
// What Chromium sends with a page request.
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' }
const METRICS_TOKEN = 'bench-metrics-token-0123456789'
const TOGGLE = new URL('./lib/observation-toggle.mjs', import.meta.url).href

const bareServer = (port: number) => `
const http = require('node:http');
process.on('uncaughtException', () => {}); // a connection cut when the run ends
const body = JSON.stringify({ status: true, messages: [], data: { ok: true } });
http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(body); })
  .listen(${port}, '127.0.0.1');
`

/** One server: its origin, the dealer's token and page cookie there, and the page cookies of staff and a translator. */
type Server = { origin: string; token: string; cookie: string; staffCookie: string; translatorCookie: string; process: ChildProcess }
type Engine = { name: string; cached: Server; uncached: Server }
type Target = {
  name: string
  server: 'cached' | 'uncached'
  path: (s: Server) => string
  headers: (s: Server) => Record<string, string>
  connections?: number
  atLeast?: number
}

const api = (s: Server) => ({ authorization: `JWT ${s.token}` })
const TARGETS: Target[] = [
  { name: 'Start route, fixed JSON (/health)', server: 'cached', path: () => '/health', headers: () => ({}) },
  { name: 'company info, read cache on', server: 'cached', path: () => `/vue/company/${COMPANY}/info/`, headers: api, atLeast: 0.4 },
  { name: 'company info, READ_CACHE_TTL_MS=0', server: 'uncached', path: () => `/vue/company/${COMPANY}/info/`, headers: api, atLeast: 0.05 },
  { name: 'company info, READ_CACHE_TTL_MS=0', server: 'uncached', path: () => `/vue/company/${COMPANY}/info/`, headers: api, connections: 1 },
  {
    name: 'basket list (dealer, default page)',
    server: 'cached',
    path: () => `/vue/basket/list/?dealer=${COMPANY}&tab=open&page=1&number_per_page=25`,
    headers: api,
    atLeast: 0.02,
  },
  { name: 'basket list (dealer, every basket)', server: 'cached', path: () => `/vue/basket/list/?dealer=${COMPANY}`, headers: api },
  // Pages as a browser asks for them (compressed, decision 035), and the signed-in screen also
  // uncompressed: the cost of compressing it, beside it in the same run.
  { name: 'home page, anonymous', server: 'cached', path: () => '/', headers: () => BROWSER, atLeast: 0.05 },
  {
    name: 'companies screen, signed in (SSR)',
    server: 'cached',
    path: () => `/companies/${COMPANY}`,
    headers: (s) => ({ ...BROWSER, cookie: s.cookie }),
    atLeast: 0.01,
  },
  { name: 'companies screen, signed in, uncompressed', server: 'cached', path: () => `/companies/${COMPANY}`, headers: (s) => ({ cookie: s.cookie }) },
  // The other screens people use all day, each as its user opens it.
  {
    name: 'contacts screen, dealer (SSR)',
    server: 'cached',
    path: () => '/overview-contacts',
    headers: (s) => ({ ...BROWSER, cookie: s.cookie }),
    atLeast: 0.01,
  },
  {
    name: 'basket approval, staff (SSR)',
    server: 'cached',
    path: () => '/order-approve',
    headers: (s) => ({ ...BROWSER, cookie: s.staffCookie }),
    atLeast: 0.01,
  },
  {
    name: 'translation desk, first paint (SSR)',
    server: 'cached',
    path: () => '/vartext?dst=fr',
    headers: (s) => ({ ...BROWSER, cookie: s.translatorCookie }),
    atLeast: 0.01,
  },
]

type Load = { requests: number; p99: number; errors: number; failed: number }

async function hammer(url: string, headers: Record<string, string>, connections: number): Promise<Load> {
  // A short warm-up so JIT and caches are in the same state for every target.
  if (WARMUP_SECONDS > 0) await autocannon({ url, connections, duration: WARMUP_SECONDS, headers })
  const result = await autocannon({ url, connections, duration: DURATION, headers })
  return {
    requests: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    failed: result.errors + result.non2xx,
  }
}

type Measured = { target: Target; engine: string; load: Load; bare: number; ratio: number }

async function main(): Promise<void> {
  requireBuild()
  rmSync(DATA_ROOT, { recursive: true, force: true })
  const children: ChildProcess[] = []
  const cleanups: Array<() => Promise<void>> = []
  try {
    const barePort = await freePort(FIRST_PORT, FIRST_PORT + 40)
    children.push(spawn(process.execPath, ['-e', bareServer(barePort)], { stdio: 'inherit' }))
    await waitFor(`http://127.0.0.1:${barePort}/`, 30_000, children[0])
    let next = barePort + 1
    const start = async (env: Record<string, string>, nodeOptions?: string[]): Promise<Server> => {
      const port = await freePort(next, next + 40)
      next = port + 1
      const dataDir = `${DATA_ROOT}/${port}`
      mkdirSync(dataDir, { recursive: true })
      const child = startBuiltServer({ port, dataDir, env: { JWT_SECRET: BENCH_JWT_SECRET, ...env }, nodeOptions })
      children.push(child)
      const origin = `http://127.0.0.1:${port}`
      await waitFor(`${origin}/vue/maintenance/`, 120_000, child)
      const session = await signedIn(origin, 'dealer')
      const staff = await signedIn(origin, 'staff')
      const translator = await signedIn(origin, 'translator')
      return { origin, token: session.token, cookie: session.cookie, staffCookie: staff.cookie, translatorCookie: translator.cookie, process: child }
    }
    const engines: Engine[] = [{ name: 'embedded', cached: await start({}), uncached: await start({ READ_CACHE_TTL_MS: '0' }) }]
    // The cost of a log line and the metrics per request (decision 041): one server with both — a
    // JSON line per request (stdout to /dev/null, as to a log shipper's pipe) and every metric
    // kept — that turns them off and on at SIGUSR2 (bench/lib/observation-toggle.mjs).
    // Twice: the cheapest call (company info from the read cache, ~20 µs of server time, where a
    // line's cost weighs most) and the same call read from the database, as most calls are.
    const observedEnv = { LOG_LEVEL: 'info', LOG_FORMAT: 'json', METRICS_TOKEN }
    const observed = {
      cached: await start(observedEnv, ['--import', TOGGLE]),
      uncached: await start({ ...observedEnv, READ_CACHE_TTL_MS: '0' }, ['--import', TOGGLE]),
    }
    if (POSTGRES_URL) {
      // A database of this run's own, with the demo data only (bench:stall uploads a million rows).
      const fresh = await freshDatabase(POSTGRES_URL, 'api')
      cleanups.push(fresh.drop)
      seedPostgres(fresh.url)
      const env = { DATABASE_URL: fresh.url }
      engines.push({ name: 'PostgreSQL', cached: await start(env), uncached: await start({ ...env, READ_CACHE_TTL_MS: '0' }) })
    }
    for (const engine of engines) {
      for (const target of TARGETS) {
        const server = engine[target.server]
        const answer = await fetch(`${server.origin}${target.path(server)}`, { headers: target.headers(server), redirect: 'manual' })
        if (answer.status !== 200) throw new Error(`${engine.name} ${target.path(server)} answered ${answer.status}`)
      }
    }

    const bareUrl = `http://127.0.0.1:${barePort}/`
    const measured: Measured[] = []
    for (const target of TARGETS) {
      for (const engine of engines) {
        const connections = target.connections ?? CONNECTIONS
        const bare = await hammer(bareUrl, {}, connections)
        const server = engine[target.server]
        const load = await hammer(`${server.origin}${target.path(server)}`, target.headers(server), connections)
        measured.push({ target, engine: engine.name, load, bare: bare.requests, ratio: load.requests / bare.requests })
      }
    }
    print(measured, engines)
    const costs = [await loggingCost(observed.cached, 'read cache on'), await loggingCost(observed.uncached, 'READ_CACHE_TTL_MS=0')]
    const failed = measured.reduce((sum, row) => sum + row.load.failed, 0) + costs.reduce((sum, cost) => sum + cost.failed, 0)
    if (SMALL && failed > 0) throw new Error(`${failed} requests failed (errors or non-2xx answers)`)
    const trail = await trailCost(POSTGRES_URL)
    writeResult([...figures(measured), ...costs.map((cost) => cost.figure), ...trail])
  } finally {
    await Promise.all(children.map(stop))
    for (const cleanup of cleanups) await cleanup()
    rmSync(DATA_ROOT, { recursive: true, force: true })
  }
}

function print(measured: Measured[], engines: Engine[]): void {
  console.log(`\nautocannon, ${DURATION} s each after a ${WARMUP_SECONDS} s warm-up; ratio = req/s ÷ bare node:http measured just before it\n`)
  const head = [
    'target'.padEnd(40),
    'conns'.padStart(5),
    ...engines.flatMap((engine) => [`${engine.name} req/s`.padStart(18), 'ratio'.padStart(7), 'p99'.padStart(6)]),
    '  target',
  ]
  console.log(head.join(' '))
  for (const target of TARGETS) {
    const rows = measured.filter((row) => row.target === target)
    const cells = rows.flatMap((row) => [row.load.requests.toFixed(0).padStart(18), row.ratio.toFixed(3).padStart(7), String(row.load.p99).padStart(6)])
    const verdict = target.atLeast === undefined ? '' : `  ≥ ${target.atLeast} × ${rows.every((row) => row.ratio >= target.atLeast!) ? 'met' : 'NOT MET'}`
    console.log([target.name.padEnd(40), String(target.connections ?? CONNECTIONS).padStart(5), ...cells].join(' ') + verdict)
  }
  const errors = measured.reduce((sum, row) => sum + row.load.errors, 0)
  console.log(`\nerrors, timeouts and non-2xx answers in all loads: ${errors}`)
}

function figures(measured: Measured[]): Figure[] {
  const errors = measured.reduce((sum, row) => sum + row.load.errors, 0)
  return [
    ...measured.map((row): Figure => ({
      figure: `${row.target.name}, ${row.engine}, ${row.target.connections ?? CONNECTIONS} conn.`,
      value: row.load.requests,
      unit: 'req/s',
      baseline: { figure: 'bare node:http', value: row.bare },
      target: row.target.atLeast === undefined ? undefined : { of: 'ratio', bound: 'min', limit: row.target.atLeast },
    })),
    { figure: 'errors, timeouts and non-2xx answers, all loads', value: errors, unit: '', target: { of: 'value', bound: 'max', limit: 0 } },
  ]
}

/**
 * Company info on one server, with its request lines and metrics on and off in the turns of
 * ORDER (on, off, off, on, off, on, on, off: a drift that is straight or curved — the server
 * still warming up, the machine's load — falls on both alike); each turn's state is checked at /metrics (404 while off).
 * Target: the log line and the metrics cost at most 5 % of the throughput (ratio ≥ 0.95). The
 * server's CPU time per request (Linux) is printed beside it.
 */
const ORDER = [true, false, false, true, false, true, true, false]

async function loggingCost(server: Server, cache: string): Promise<{ figure: Figure; failed: number }> {
  const path = `/vue/company/${COMPANY}/info/`
  const turns = ORDER.length
  const totals = { on: { requests: 0, cpuMs: 0, answered: 0 }, off: { requests: 0, cpuMs: 0, answered: 0 }, failed: 0 }
  const pid = server.process.pid
  // Warmed up in small mode too.
  await autocannon({ url: `${server.origin}${path}`, connections: CONNECTIONS, duration: Math.max(WARMUP_SECONDS, 2), headers: api(server) })
  let on = true
  for (const wanted of ORDER) {
    if (wanted !== on) {
      server.process.kill('SIGUSR2')
      on = wanted
    }
    await expectMetrics(server, on)
    const cpuBefore = cpuMs(pid)
    const load = await autocannon({ url: `${server.origin}${path}`, connections: CONNECTIONS, duration: DURATION, headers: api(server) })
    const cpuAfter = cpuMs(pid)
    const total = totals[on ? 'on' : 'off']
    total.requests += load.requests.average
    total.answered += load.requests.total
    if (cpuBefore !== undefined && cpuAfter !== undefined) total.cpuMs += cpuAfter - cpuBefore
    totals.failed += load.errors + load.non2xx
  }
  const ratio = totals.on.requests / totals.off.requests
  const perRequest = (total: { cpuMs: number; answered: number }) => (total.cpuMs > 0 ? `${((total.cpuMs * 1000) / total.answered).toFixed(1)} µs` : 'n/a')
  console.log(
    `\nlogs and metrics on (a JSON line per request, every metric kept) vs off, one server, company info (${cache}), ${CONNECTIONS} conn., ${turns / 2} turns each: ` +
      `${(totals.on.requests / (turns / 2)).toFixed(0)} vs ${(totals.off.requests / (turns / 2)).toFixed(0)} req/s, ratio ${ratio.toFixed(3)} ` +
      `(cost ${((1 - ratio) * 100).toFixed(1)} %, target ≤ 5 %: ${ratio >= 0.95 ? 'met' : 'NOT MET'}); server CPU per request ${perRequest(totals.on)} vs ${perRequest(totals.off)}`,
  )
  return {
    figure: {
      figure: `company info (${cache}) with a log line per request and metrics, ${CONNECTIONS} conn.`,
      value: totals.on.requests / (turns / 2),
      unit: 'req/s',
      baseline: { figure: 'the same server with both turned off', value: totals.off.requests / (turns / 2) },
      target: { of: 'ratio', bound: 'min', limit: 0.95 },
    },
    failed: totals.failed,
  }
}

/** The server's metrics are kept (200) or turned off (404), as the turn expects. */
async function expectMetrics(server: Server, on: boolean): Promise<void> {
  // A signal is handled between requests: asked until it shows, for at most a second.
  for (let tries = 0; ; tries += 1) {
    const answer = await fetch(`${server.origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    await answer.arrayBuffer()
    if (answer.status === (on ? 200 : 404)) return
    if (tries >= 20) throw new Error(`/metrics answered ${answer.status} in a turn with logs and metrics ${on ? 'on' : 'off'}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** A process's CPU time (user and system) in ms, from /proc; undefined where there is none. */
function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')
    const ticks = Number(fields?.[11]) + Number(fields?.[12])
    return Number.isFinite(ticks) ? ticks * 10 : undefined
  } catch {
    return undefined
  }
}

/** The demo data into the new PostgreSQL database. */
function seedPostgres(url: string): void {
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'seed'], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  if (seeded.status !== 0) throw new Error(`seeding ${url} failed: ${seeded.stderr.toString()}`)
}

await main()
