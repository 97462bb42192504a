import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { spawnSync } from 'node:child_process'
import pg from 'pg'
import { z } from 'zod'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/seed/demo-accounts'
import { drainOneServer, type DrainResult } from './drain'
import { failedToBind, serverStates, startHaproxy, tail, writeConfig, type ProxyPorts } from './haproxy'
import type { Call } from './load'
import { freePorts, startPortal, statusOf, waitFor, type Child } from './processes'
import { Report } from './report'

// `npm run proxy:check`: the example HAProxy configuration (deploy/proxy/haproxy.cfg) in front of
// two built portal servers on a fresh database of the machine's PostgreSQL, checked end to end —
// login, X-Request-Id, both servers serving, and one server stopped (SIGTERM) under load with no
// request failing. Everything it starts is stopped and the database dropped, also on failure.
const settings = z
  .object({
    PORTAL_OUTPUT_DIR: z.string().min(1).default('.output'),
    PROXY_CHECK_DATABASE_URL: z.url().default('postgres://root@127.0.0.1:5432/test'),
    PROXY_CHECK_CLIENTS: z.coerce.number().int().min(1).max(64).default(8),
    // 0 shows what the drain is for: requests fail when a server stops accepting at once.
    PROXY_CHECK_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(3000),
  })
  .parse(process.env)
// What the servers inherit besides their own settings (PATH, locale …).
const inherited = { ...process.env }

const DRAIN_DELAY_MS = settings.PROXY_CHECK_DRAIN_DELAY_MS
const outputDir = resolve(settings.PORTAL_OUTPUT_DIR)
const example = resolve('deploy/proxy/haproxy.cfg')
const work = mkdtempSync(join(tmpdir(), 'portal-proxy-check-'))
const database = `portal_proxy_check_${process.pid}`
const report = new Report()
const children: Child[] = []
let databaseMade = false

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: settings.PROXY_CHECK_DATABASE_URL, connectionTimeoutMillis: 5_000 })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

const envelope = z.object({ status: z.boolean(), messages: z.array(z.string()), data: z.unknown().optional() })
const session = z.object({ jwt: z.string(), user: z.object({ id: z.number(), company: z.tuple([z.number(), z.string()]) }) })

async function main(): Promise<void> {
  if (!existsSync(join(outputDir, 'server/index.mjs'))) throw new Error(`no build in ${outputDir}: run \`npm run build\` (or set PORTAL_OUTPUT_DIR)`)
  const version = spawnSync('haproxy', ['-v'], { encoding: 'utf8' })
  if (version.status !== 0) throw new Error('haproxy is not installed (Debian: apt-get install haproxy)')
  report.note(`${version.stdout.split('\n')[0]}; build ${outputDir}; work folder ${work}`)

  const [first = 0, second = 0] = await freePorts(2)
  const serverPorts: [number, number] = [first, second]
  await admin(`create database ${database}`)
  databaseMade = true
  const url = new URL(settings.PROXY_CHECK_DATABASE_URL)
  url.pathname = `/${database}`

  // Both at once on the empty database: they take turns (advisory lock); one migrates and seeds.
  const shared = {
    DATABASE_URL: url.toString(),
    JWT_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO: 'always',
    TRUST_PROXY: '1',
    DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
    HOST: '127.0.0.1',
    LOG_FORMAT: 'json',
    MIGRATIONS_DIR: resolve('src/server/db/migrations'),
  }
  const names = ['portal1', 'portal2'] as const
  const servers = names.map((name, index) =>
    startPortal(name, outputDir, { ...inherited, ...shared, PORT: String(serverPorts[index]), DATA_DIR: join(work, name) }, join(work, `${name}.log`)),
  )
  children.push(...servers)
  const readyMs = await Promise.all(
    serverPorts.map((port) => waitFor(`/ready on ${port}`, 120_000, async () => (await statusOf(`http://127.0.0.1:${port}/ready`)) === 200, servers)),
  )
  report.note(`servers ready after ${readyMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(' and ')} (ports ${serverPorts.join(', ')})`)

  const started = await startProxy(serverPorts, children)
  if (!started) return
  const { ports, upMs } = started
  report.check('HAProxy marks both servers UP (GET /ready)', true, `after ${(upMs / 1000).toFixed(1)} s`)

  const origin = `http://127.0.0.1:${ports.proxy}`
  const token = await checkLogin(origin)
  if (!token) return
  await checkRequestIds(origin, servers)
  await checkSpread(origin)

  const { translator } = DEMO_ACCOUNTS
  const calls: Call[] = [
    { method: 'GET', path: `/vue/company/${translator.companyId}/info/` },
    { method: 'GET', path: '/vue/country-codes/' },
    { method: 'GET', path: '/vue/maintenance/' },
    { method: 'GET', path: '/health' },
    { method: 'GET', path: `/vue/company/${translator.companyId}/info/` },
    { method: 'GET', path: '/' },
    // Not idempotent (HAProxy never repeats it once sent): it must come through the drain too.
    { method: 'POST', path: '/vue/login/', body: { username: translator.username, password: DEMO_PASSWORD } },
  ]
  const [victim] = servers
  if (!victim) return
  const drain = await drainOneServer({
    origin,
    token,
    calls,
    clients: settings.PROXY_CHECK_CLIENTS,
    statsPort: ports.stats,
    victim,
    victimName: 'portal1',
    beforeMs: 3_000,
    afterMs: 3_000,
  })
  reportDrain(drain)
}

/**
 * HAProxy on ports picked just before it starts, until both servers are UP. A port picked free can
 * be taken before HAProxy binds it (the kernel hands the same range to outgoing connections):
 * then it starts again on new ports, at most three times.
 */
async function startProxy(servers: [number, number], children: Child[]): Promise<{ ports: ProxyPorts; upMs: number } | undefined> {
  const config = join(work, 'haproxy.cfg')
  for (let attempt = 1; ; attempt++) {
    const [proxyPort = 0, statsPort = 0] = await freePorts(2, servers)
    const ports: ProxyPorts = { proxy: proxyPort, stats: statsPort, servers }
    writeConfig(example, config, ports)
    if (attempt === 1) {
      const valid = spawnSync('haproxy', ['-c', '-f', config], { encoding: 'utf8' })
      report.check('haproxy -c accepts the example configuration', valid.status === 0, valid.stderr.trim() || valid.stdout.trim())
      if (valid.status !== 0) return undefined
    }
    const logFile = join(work, 'haproxy.log')
    const proxy = startHaproxy(config, logFile)
    children.push(proxy)
    try {
      const upMs = await waitFor(
        'both servers UP in HAProxy',
        30_000,
        async () => [...(await serverStates(ports.stats)).values()].filter((state) => state === 'UP').length === 2,
        [proxy],
      )
      return { ports, upMs }
    } catch (error) {
      await proxy.stop()
      if (attempt < 3 && failedToBind(logFile)) {
        report.note(`HAProxy could not bind ${ports.proxy} or ${ports.stats} (taken since picked): again on new ports`)
        continue
      }
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${tail(logFile)}`, { cause: error })
    }
  }
}

async function checkLogin(origin: string): Promise<string | undefined> {
  const { translator } = DEMO_ACCOUNTS
  const login = await fetch(`${origin}/vue/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: translator.username, password: DEMO_PASSWORD }),
  })
  const body = envelope.parse(await login.json())
  const parsed = session.safeParse(body.data)
  report.check(
    `POST /vue/login/ through the proxy (${translator.username})`,
    login.status === 200 && parsed.success,
    `HTTP ${login.status} ${body.messages.join(' ')}`,
  )
  if (!parsed.success) return undefined
  const { jwt, user } = parsed.data
  const path = `/vue/company/${user.company[0]}/info/`
  const info = await fetch(`${origin}${path}`, { headers: { authorization: `JWT ${jwt}` } })
  const infoBody = envelope.parse(await info.json())
  report.check(
    `GET ${path} with Authorization: JWT <token>`,
    info.status === 200 && infoBody.status,
    `HTTP ${info.status} from ${info.headers.get('x-served-by')}`,
  )
  return jwt
}

async function checkRequestIds(origin: string, servers: Child[]): Promise<void> {
  const mine = `proxy-check-${process.pid}-${randomBytes(4).toString('hex')}`
  const kept = await fetch(`${origin}/vue/country-codes/`, { headers: { 'x-request-id': mine } })
  await kept.arrayBuffer()
  report.check(
    'a client X-Request-Id is passed on and sent back',
    kept.headers.get('x-request-id') === mine,
    `sent ${mine}, got ${kept.headers.get('x-request-id')}`,
  )
  const made = await fetch(`${origin}/vue/country-codes/`)
  await made.arrayBuffer()
  const id = made.headers.get('x-request-id') ?? ''
  // The proxy logs the header it sent on (capture): the portal got the proxy's id, not one of its own.
  const seen = await waitFor('the request id in the logs', 5_000, async () => {
    const proxyLog = readFileSync(join(work, 'haproxy.log'), 'utf8')
    const portalLogs = servers.map((server) => readFileSync(server.logFile, 'utf8')).join('\n')
    return id.length > 0 && proxyLog.includes(id) && portalLogs.includes(`"reqId":"${id}"`)
  }).then(
    () => true,
    () => false,
  )
  report.check('without one, HAProxy makes an X-Request-Id that the portal logs and sends back', seen, id || '(no X-Request-Id in the answer)')
}

async function checkSpread(origin: string): Promise<void> {
  const counts = new Map<string, number>()
  for (let request = 0; request < 20; request++) {
    const answer = await fetch(`${origin}/vue/maintenance/`)
    await answer.arrayBuffer()
    const server = answer.headers.get('x-served-by') ?? '(none)'
    counts.set(server, (counts.get(server) ?? 0) + 1)
  }
  const both = (counts.get('portal1') ?? 0) > 0 && (counts.get('portal2') ?? 0) > 0
  report.check('requests are served by each server (X-Served-By)', both, [...counts].map(([server, count]) => `${server} ${count}`).join(', '))
}

function reportDrain(drain: DrainResult): void {
  const { load } = drain
  const row = (label: string, phase: string) =>
    `  ${label.padEnd(28)}${String(load.count(phase, 'portal1')).padStart(8)}${String(load.count(phase, 'portal2')).padStart(9)}`
  report.table(
    [
      `Drain: portal1 stopped with SIGTERM while ${settings.PROXY_CHECK_CLIENTS} clients send requests (DRAIN_DELAY_MS=${DRAIN_DELAY_MS})`,
      `  ${'answered'.padEnd(28)}${'portal1'.padStart(8)}${'portal2'.padStart(9)}`,
      row('before SIGTERM', 'before'),
      row('SIGTERM until portal1 ended', 'draining'),
      row('after portal1 ended', 'after'),
      `  failures: ${load.failures.length}`,
      ...load.failures.slice(0, 10).map((failure) => `    ${failure.phase} ${failure.call}: ${failure.problem} (at ${failure.atMs} ms)`),
    ].join('\n'),
  )
  const down = drain.downAfterMs
  report.check('no request failed while a server was stopped', load.failures.length === 0, `${load.total()} answered, ${load.failures.length} failed`)
  report.check(
    'HAProxy took portal1 out (/ready 503) before it stopped accepting',
    down !== null && down < DRAIN_DELAY_MS,
    `DOWN ${down === null ? 'never seen' : `${down} ms`} after SIGTERM; stops accepting at ${DRAIN_DELAY_MS} ms; ended after ${drain.exitedAfterMs} ms (exit ${drain.exitCode})`,
  )
  report.check(
    'portal1 answered before the signal and nothing after it ended; portal2 throughout',
    load.count('before', 'portal1') > 0 &&
      load.count('after', 'portal1') === 0 &&
      ['before', 'draining', 'after'].every((phase) => load.count(phase, 'portal2') > 0),
    `portal1's last answer ${drain.lastAnswerAfterMs} ms after SIGTERM`,
  )
  report.check('portal1 exited cleanly (code 0)', drain.exitCode === 0, `exit ${drain.exitCode}`)
}

let cleaned: Promise<void> | undefined
function cleanUp(): Promise<void> {
  cleaned ??= (async () => {
    for (const child of [...children].reverse()) await child.stop('SIGTERM').catch(() => undefined)
    if (databaseMade)
      await admin(`drop database if exists ${database} with (force)`).catch((error: unknown) => report.note(`could not drop ${database}: ${String(error)}`))
    if (report.passed) rmSync(work, { recursive: true, force: true })
    else report.note(`logs kept in ${work} (portal1.log, portal2.log, haproxy.log)`)
  })()
  return cleaned
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    report.fail(`interrupted (${signal})`)
    void cleanUp().then(() => process.exit(130))
  })
}

try {
  await main()
} catch (error) {
  report.fail(error instanceof Error ? error.message : String(error))
} finally {
  await cleanUp()
  report.print()
  process.exitCode = report.passed ? 0 : 1
}
