import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import parsePrometheusTextFormat from 'parse-prometheus-text-format'
import { z } from 'zod'
import { E2E_BASE_PORT } from '../playwright.config'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/seed/demo-accounts'
import { expect, test } from './fixtures'
import { OwnServer } from './own-server'
import { signIn, vueCall } from './vue-call'

// Logs, metrics and readiness (decision 041), on the built server as operators run it: a JSON line per request with
// its id (taken from X-Request-Id or made) and user, never a secret; /metrics with a token or on
// a port of its own, parsed by a Prometheus text parser; /health for liveness and /ready for
// readiness — 503 while starting, while the database is gone, and from the moment SIGTERM
// starts the drain, while the server still answers until DRAIN_DELAY_MS has passed.
test.describe.configure({ mode: 'serial' })
test.setTimeout(180_000)

const METRICS_TOKEN = 'ops-e2e-metrics-token-0123456789'
const METRICS_PORT = E2E_BASE_PORT + 25

const logLine = z.looseObject({
  level: z.number(),
  msg: z.string(),
  reqId: z.string().optional(),
  method: z.string().optional(),
  route: z.string().optional(),
  status: z.number().optional(),
  durationMs: z.number().optional(),
  userId: z.number().optional(),
})
type LogLine = z.infer<typeof logLine>

/** The JSON lines the server wrote so far (its last 8 KB), each parsed. */
function logLines(server: OwnServer): LogLine[] {
  return server.output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        const parsed = logLine.safeParse(JSON.parse(line))
        return parsed.success ? [parsed.data] : []
      } catch {
        return [] // the first line of the 8 KB window may be cut
      }
    })
}

const samples = (families: ReturnType<typeof parsePrometheusTextFormat>, name: string) => families.find((family) => family.name === name)?.metrics ?? []

test.describe('logs, request ids and metrics', () => {
  const server = new OwnServer(E2E_BASE_PORT + 24, `./data/e2e-ops-${process.pid}`, {
    LOG_FORMAT: 'json',
    METRICS_TOKEN,
    METRICS_PORT: String(METRICS_PORT),
  })
  test.beforeAll(async () => {
    server.remove()
    await server.start()
  })
  test.afterAll(async () => {
    await server.kill('SIGKILL')
    server.remove()
  })

  test('one JSON line per request with its id, route, status, duration and user — and no secret', async () => {
    const given = await fetch(`${server.origin}/vue/maintenance/`, { headers: { 'x-request-id': 'ops-e2e-given-1' } })
    expect(given.status).toBe(200)
    expect(given.headers.get('x-request-id')).toBe('ops-e2e-given-1')
    // An id that could break a log line or a header is replaced by one of the server's own.
    const hostile = await fetch(`${server.origin}/vue/maintenance/`, { headers: { 'x-request-id': 'two words\tand a tab' } })
    const made = hostile.headers.get('x-request-id')
    expect(made).toMatch(/^[0-9a-f-]{36}$/)
    // Pages and files get one too.
    expect((await fetch(`${server.origin}/health`)).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)

    const token = await signIn(server.origin, DEMO_ACCOUNTS.staff.username)
    const info = await fetch(`${server.origin}/vue/company/${DEMO_ACCOUNTS.staff.companyId}/info/`, {
      headers: { authorization: `JWT ${token}`, 'x-request-id': 'ops-e2e-info-1' },
    })
    expect(info.status).toBe(200)

    await expect.poll(() => logLines(server).some((line) => line.reqId === 'ops-e2e-info-1')).toBe(true)
    const lines = logLines(server)
    const first = lines.find((line) => line.reqId === 'ops-e2e-given-1')
    expect(first).toMatchObject({ level: 30, msg: 'request', method: 'GET', route: 'session.maintenance', status: 200 })
    expect(first?.durationMs).toEqual(expect.any(Number))
    expect(lines.find((line) => line.reqId === made)).toMatchObject({ route: 'session.maintenance', status: 200 })
    const withUser = lines.find((line) => line.reqId === 'ops-e2e-info-1')
    expect(withUser).toMatchObject({ route: 'companies.info', status: 200 })
    expect(withUser?.userId).toEqual(expect.any(Number))
    // Probes are debug lines: not written at the default level.
    expect(lines.some((line) => line.route === 'health')).toBe(false)
    // Never the password, the token, or the URL's query.
    expect(server.output).not.toContain(DEMO_PASSWORD)
    expect(server.output).not.toContain(token)
    expect(server.output).not.toContain(token.split('.')[2]!)
  })

  test('/metrics: refused without the token, parsed as Prometheus text with it, and on its own port', async () => {
    expect((await fetch(`${server.origin}/metrics`)).status).toBe(401)
    expect((await fetch(`${server.origin}/metrics`, { headers: { authorization: 'Bearer not-the-token-at-all' } })).status).toBe(401)
    // A failed login is counted.
    const refused = await vueCall(server.origin, 'POST', '/vue/login/', undefined, { username: DEMO_ACCOUNTS.dealer.username, password: 'not-the-password' })
    expect(refused.http).toBe(401)
    await vueCall(server.origin, 'GET', '/vue/maintenance/')

    const answer = await fetch(`${server.origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('text/plain')
    const families = parsePrometheusTextFormat(await answer.text())
    const maintenance = samples(families, 'portal_http_requests_total').find(
      (sample) => sample.labels?.route === 'session.maintenance' && sample.labels.status === '200',
    )
    expect(Number(maintenance?.value)).toBeGreaterThanOrEqual(3)
    // Labels stay bounded: route ids, never a raw path.
    for (const sample of samples(families, 'portal_http_requests_total')) expect(sample.labels?.route).not.toContain('/')
    // The parser folds a histogram's series into buckets (it keeps no labels there): each has its +Inf bucket.
    expect(families.find((family) => family.name === 'portal_http_request_duration_seconds')?.type).toBe('HISTOGRAM')
    expect(Number(samples(families, 'portal_http_request_duration_seconds')[0]?.buckets?.['+Inf'])).toBeGreaterThanOrEqual(1)
    expect(Number(samples(families, 'portal_login_failures_total')[0]?.value)).toBeGreaterThanOrEqual(1)
    expect(
      samples(families, 'portal_db_pool_connections')
        .map((sample) => sample.labels?.state)
        .sort(),
    ).toEqual(['idle', 'in_use'])
    expect(samples(families, 'portal_db_pool_waiting')).toHaveLength(1)
    expect(Number(samples(families, 'portal_db_query_duration_seconds')[0]?.buckets?.['+Inf'])).toBeGreaterThanOrEqual(1)
    expect(samples(families, 'portal_mail_outbox_pending')).toHaveLength(1)
    expect(samples(families, 'portal_mail_outbox_oldest_pending_seconds')).toHaveLength(1)
    expect(samples(families, 'nodejs_eventloop_lag_p99_seconds')).toHaveLength(1)
    expect(samples(families, 'nodejs_heap_size_used_bytes')).toHaveLength(1)
    expect(families.some((family) => family.name === 'portal_job_duration_seconds')).toBe(true)

    // The metrics port answers without a token (it is for a scraper inside the network).
    const own = await fetch(`http://localhost:${METRICS_PORT}/metrics`)
    expect(own.status).toBe(200)
    expect(parsePrometheusTextFormat(await own.text()).some((family) => family.name === 'portal_http_requests_total')).toBe(true)
    expect((await fetch(`http://localhost:${METRICS_PORT}/anything-else`)).status).toBe(404)
  })

  test('/ready answers 503 while the database is gone, /health stays 200', async () => {
    expect((await fetch(`${server.origin}/ready`)).status).toBe(200)
    const pid = Number(readFileSync(join(server.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0])
    process.kill(pid, 'SIGKILL')
    await expect
      .poll(async () => {
        const ready = await fetch(`${server.origin}/ready`)
        return { status: ready.status, body: z.unknown().parse(await ready.json()), retry: ready.headers.get('retry-after') }
      })
      .toEqual({ status: 503, body: { ready: false, reason: 'database' }, retry: expect.stringMatching(/^\d+$/) as unknown as string })
    expect((await fetch(`${server.origin}/health`)).status).toBe(200)
  })
})

test.describe('readiness across a start and a stop', () => {
  const server = new OwnServer(E2E_BASE_PORT + 26, `./data/e2e-ops-drain-${process.pid}`, { DRAIN_DELAY_MS: '3000', LOG_FORMAT: 'json' })
  test.afterAll(async () => {
    await server.kill('SIGKILL')
    server.remove()
  })

  test('/ready: 503 while starting, 200 serving, 503 from SIGTERM while requests are still answered until the drain ends', async () => {
    server.remove()
    const child = server.spawn()
    const seen: number[] = []
    const deadline = Date.now() + 90_000
    while (Date.now() < deadline) {
      const status = await fetch(`${server.origin}/ready`).then(
        (answer) => answer.status,
        () => 0, // not listening yet
      )
      if (status !== 0 && seen.at(-1) !== status) seen.push(status)
      if (status === 200) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    // The first start makes the database (a second or more): probes in that time are told to wait.
    expect(seen).toEqual([503, 200])
    // Without METRICS_TOKEN or METRICS_PORT there are no metrics.
    expect((await fetch(`${server.origin}/metrics`)).status).toBe(404)

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    const signalled = Date.now()
    child.kill('SIGTERM')
    await expect.poll(async () => (await fetch(`${server.origin}/ready`)).status).toBe(503)
    const ready = await fetch(`${server.origin}/ready`)
    expect(await ready.json()).toEqual({ ready: false, reason: 'stopping' })
    // Still alive and still serving while the balancer takes it out.
    expect((await fetch(`${server.origin}/health`)).status).toBe(200)
    expect((await vueCall(server.origin, 'GET', '/vue/maintenance/')).http).toBe(200)
    expect(Date.now() - signalled).toBeLessThan(3000)
    expect(await exited).toBe(0)
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(3000)
  })
})
