import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passwordResetEndpoint } from '../../src/contract/password'
import { priceUploadEndpoint } from '../../src/contract/price-upload'
import { loginEndpoint, maintenanceEndpoint } from '../../src/contract/session'
import { metricsAnswer, serveMetricsPort, setUpMetrics } from '../../src/server/ops/metrics-endpoint.server'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'
import { observedServer, type ObservedServer } from '../helpers/observed-server'
import { parseScrape, portalLabels, valueOf, type Scrape } from './prometheus'

// /metrics (decision 041) in the Prometheus text format, read as Prometheus reads it.
const TOKEN = 'metrics-token-for-the-tests-0123'
let api: TestApi
let server: ObservedServer
beforeAll(async () => {
  // Before the database opens, as the entry does: a pool reports to the registry.
  expect(setUpMetrics({ METRICS_TOKEN: TOKEN, METRICS_PORT: undefined })).toBe(true)
  api = await startApi()
  server = await observedServer()
})
afterAll(async () => {
  await server.close()
  await api.close()
})

async function scrape(): Promise<Scrape> {
  const answer = await metricsAnswer(`Bearer ${TOKEN}`, TOKEN)
  expect(answer.status).toBe(200)
  expect(answer.headers['content-type']).toContain('text/plain; version=0.0.4')
  return parseScrape(typeof answer.body === 'string' ? answer.body : '')
}

const info = `/vue/company/${DEMO_ACCOUNTS.dealer.companyId}/info/`

describe('/metrics', () => {
  it('is not kept or served without METRICS_TOKEN or METRICS_PORT', () => {
    expect(setUpMetrics({ METRICS_TOKEN: undefined, METRICS_PORT: undefined })).toBe(false)
  })

  it("on the portal's port: 404 without a token set, 401 without the token or with a wrong one, 200 with it", async () => {
    expect((await metricsAnswer(`Bearer ${TOKEN}`, undefined)).status).toBe(404)
    for (const authorization of [undefined, '', 'Bearer wrong-token-of-some-length', `JWT ${TOKEN}`, `Bearer ${TOKEN}x`, TOKEN]) {
      const answer = await metricsAnswer(authorization, TOKEN)
      expect(answer.status, String(authorization)).toBe(401)
      expect(answer.headers['www-authenticate']).toBe('Bearer realm="metrics"')
    }
    expect((await metricsAnswer(`bearer ${TOKEN}`, TOKEN)).status).toBe(200)
  })

  it('counts and times requests by endpoint id and status', async () => {
    const token = await api.loginAs(DEMO_ACCOUNTS.dealer.username)
    const before = await scrape()
    const ok = { route: 'companies.info', status: '200' }
    const refused = { route: 'companies.info', status: '401' }
    await (await fetch(`${server.origin}${info}`, { headers: { authorization: `JWT ${token}` } })).text()
    await (await fetch(`${server.origin}${info}`)).text()
    await expect.poll(async () => valueOf(await scrape(), 'portal_http_requests_total', ok)).toBe(valueOf(before, 'portal_http_requests_total', ok) + 1)
    const after = await scrape()
    expect(valueOf(after, 'portal_http_requests_total', refused)).toBe(valueOf(before, 'portal_http_requests_total', refused) + 1)
    const timed = { route: 'companies.info', status_class: '2xx' }
    expect(valueOf(after, 'portal_http_request_duration_seconds', timed)).toBe(valueOf(before, 'portal_http_request_duration_seconds', timed) + 1)
    expect(after.families.get('portal_http_request_duration_seconds')?.type).toBe('HISTOGRAM')
  })

  it('counts refused logins, not successful ones', async () => {
    const before = valueOf(await scrape(), 'portal_login_failures_total')
    await api.call(loginEndpoint, { username: DEMO_ACCOUNTS.carpenter.username, password: 'not-the-password' }, { clientAddress: '10.30.0.1' })
    await api.call(loginEndpoint, { username: 'nobody@example.com', password: DEMO_PASSWORD }, { clientAddress: '10.30.0.2' })
    await api.loginAs(DEMO_ACCOUNTS.carpenter.username)
    expect(valueOf(await scrape(), 'portal_login_failures_total')).toBe(before + 2)
  })

  it("reads the outbox's depth and its oldest mail's age when scraped", async () => {
    const asked = await api.call(passwordResetEndpoint, { email: DEMO_ACCOUNTS.industry.username }, { clientAddress: '10.30.0.3' })
    expect(asked.httpStatus).toBe(200)
    const families = await scrape()
    expect(valueOf(families, 'portal_mail_outbox_pending')).toBeGreaterThanOrEqual(1)
    expect(valueOf(families, 'portal_mail_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(0)
    expect(families.families.get('portal_mail_outbox_failed')?.metrics).toHaveLength(1)
  })

  it('times the long jobs by outcome', async () => {
    const token = await api.loginAs(DEMO_ACCOUNTS.staff.username)
    const upload = (csv: string) => {
      const form = new FormData()
      form.set('prices', new File([csv], 'prices.csv', { type: 'text/csv' }))
      return api.upload(priceUploadEndpoint, { dry_run: '1' }, { form }, { token })
    }
    const done = { job: 'price_check', outcome: 'done' }
    const refused = { job: 'price_check', outcome: 'refused' }
    const before = await scrape()
    expect((await upload('article_uid;article_type;price;currency\nJOB-1;GRIFF;1,00;EUR\n')).httpStatus).toBe(200)
    expect((await upload('article_uid;article_type;price;currency\nJOB-1;GRIFF;not a price;EUR\n')).httpStatus).toBe(400)
    const after = await scrape()
    expect(valueOf(after, 'portal_job_duration_seconds', done)).toBe(valueOf(before, 'portal_job_duration_seconds', done) + 1)
    expect(valueOf(after, 'portal_job_duration_seconds', refused)).toBe(valueOf(before, 'portal_job_duration_seconds', refused) + 1)
  })

  it("has Node's own (event-loop delay, heap) and labels only from a small bounded set", async () => {
    const families = await scrape()
    expect(valueOf(families, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0)
    expect(valueOf(families, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0)
    expect(portalLabels(families).filter((label) => !['route', 'status', 'status_class', 'state', 'job', 'outcome'].includes(label))).toEqual([])
  })

  it.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL: the pool (in use, idle, waiting) and query durations', async () => {
    await api.call(maintenanceEndpoint)
    const families = await scrape()
    const connections =
      valueOf(families, 'portal_db_pool_connections', { state: 'in_use' }) + valueOf(families, 'portal_db_pool_connections', { state: 'idle' })
    expect(connections).toBeGreaterThanOrEqual(1)
    expect(valueOf(families, 'portal_db_pool_waiting')).toBe(0)
    expect(valueOf(families, 'portal_db_query_duration_seconds')).toBeGreaterThan(0)
  })
})

describe('METRICS_PORT', () => {
  it('serves /metrics without a token on a port of its own, nothing else, and closes', async () => {
    const port = await serveMetricsPort(0, '127.0.0.1')
    const origin = `http://127.0.0.1:${port.port}`
    const answer = await fetch(`${origin}/metrics`)
    expect(answer.status).toBe(200)
    expect(parseScrape(await answer.text()).families.get('portal_http_requests_total')?.type).toBe('COUNTER')
    expect((await fetch(`${origin}/`)).status).toBe(404)
    expect((await fetch(`${origin}/vue/maintenance/`)).status).toBe(404)
    await port.close()
    await expect(fetch(`${origin}/metrics`)).rejects.toThrow()
  })
})
