import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { mailOutbox } from '../../src/server/db/schema/index'
import { logger, processLogger, useLogger } from '../../src/server/ops/logger.server'
import { requestIdOf } from '../../src/server/ops/request-context.server'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'
import { captureLog, observedServer, type ObservedServer } from '../helpers/observed-server'

// Logs (decision 041): one structured line per request, with the id the answer carries, on every
// line the request causes; LOG_LEVEL; and never a password, token, cookie or reset link.
let api: TestApi
let server: ObservedServer
beforeAll(async () => {
  api = await startApi()
  server = await observedServer()
})
afterAll(async () => {
  await server.close()
  await api.close()
})
afterEach(() => useLogger(undefined))

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const jwt = z.object({ data: z.object({ jwt: z.string() }) })

function get(path: string, headers: Record<string, string> = {}) {
  return fetch(`${server.origin}${path}`, { headers })
}

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
}

async function signIn(username: string): Promise<string> {
  const answer = await post('/vue/login/', { username, password: DEMO_PASSWORD })
  return jwt.parse(await answer.json()).data.jwt
}

describe('request lines', () => {
  it('one JSON line per request: method, route id, status, duration, and the id the answer carries', async () => {
    const log = captureLog()
    const answer = await get('/vue/maintenance/')
    await answer.text()
    const id = answer.headers.get('x-request-id') ?? ''
    expect(id).toMatch(UUID)
    const lines = log.requests()
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 30, reqId: id, method: 'GET', route: 'session.maintenance', status: 200 })
    expect(lines[0]?.durationMs).toEqual(expect.any(Number))
    // Never the URL: a query may hold a link's token.
    expect(lines[0]).not.toHaveProperty('url')
  })

  it('names the user once admitted, and a path no endpoint answers as `vue`', async () => {
    const token = await signIn(DEMO_ACCOUNTS.dealer.username)
    const log = captureLog()
    await (await get(`/vue/company/${DEMO_ACCOUNTS.dealer.companyId}/info/`, { authorization: `JWT ${token}` })).text()
    await (await get('/vue/no-such-thing/')).text()
    expect(log.requests().map(({ route, status, userId }) => ({ route, status, userId }))).toEqual([
      { route: 'companies.info', status: 200, userId: DEMO_ACCOUNTS.dealer.userId },
      { route: 'vue', status: 404, userId: undefined },
    ])
  })

  it("keeps a caller's X-Request-Id and replaces one that is too long or not printable ASCII", async () => {
    const log = captureLog()
    const kept = await get('/vue/maintenance/', { 'x-request-id': 'balancer-7f3a:0042' })
    expect(kept.headers.get('x-request-id')).toBe('balancer-7f3a:0042')
    for (const hostile of ['x'.repeat(129), 'two words', 'tab\there']) {
      const answer = await get('/vue/maintenance/', { 'x-request-id': hostile })
      expect(answer.headers.get('x-request-id')).toMatch(UUID)
      expect(log.text()).not.toContain(hostile)
    }
    expect(log.requests().map((line) => line.reqId)[0]).toBe('balancer-7f3a:0042')
    // What a proxy may send besides: none, several.
    expect(requestIdOf(undefined)).toMatch(UUID)
    expect(requestIdOf(['a', 'b'])).toMatch(UUID)
    expect(requestIdOf('é')).toMatch(UUID)
  })

  it('every line a request causes carries its id (a price check logs its job)', async () => {
    const token = await signIn(DEMO_ACCOUNTS.staff.username)
    const log = captureLog()
    const form = new FormData()
    form.set('prices', new File(['article_uid;article_type;price;currency\nLOG-1;GRIFF;12,30;EUR\n'], 'prices.csv', { type: 'text/csv' }))
    const answer = await fetch(`${server.origin}/vue/price/upload/?dry_run=1`, { method: 'POST', headers: { authorization: `JWT ${token}` }, body: form })
    expect(answer.status).toBe(200)
    await answer.text()
    const id = answer.headers.get('x-request-id')
    const job = log.lines.find((line) => line.job === 'price_check')
    expect(job).toMatchObject({ reqId: id, outcome: 'done' })
    expect(log.requests()).toMatchObject([{ reqId: id, route: 'priceUpload', status: 200, userId: DEMO_ACCOUNTS.staff.userId }])
    // Outside a request a line has no id.
    logger().info('between requests')
    expect(log.lines.at(-1)).not.toHaveProperty('reqId')
  })

  it('LOG_LEVEL=warn writes no request lines', async () => {
    const log = captureLog('warn')
    await (await get('/vue/maintenance/')).text()
    await (await post('/vue/login/', { username: 'nobody@example.com', password: 'wrong-password' })).text()
    expect(log.lines).toEqual([])
  })
})

describe('secrets', () => {
  it('no password, token, cookie or reset link reaches the log, whatever the request carried', async () => {
    const log = captureLog('trace')
    const token = await signIn(DEMO_ACCOUNTS.dealer.username)
    // A password typed into the user field by mistake, and a wrong one.
    await (await post('/vue/login/', { username: DEMO_PASSWORD, password: DEMO_PASSWORD })).text()
    await (await get('/vue/basket/list/?dealer=' + DEMO_ACCOUNTS.dealer.companyId, { authorization: `JWT ${token}`, cookie: `token=${token}` })).text()
    const reset = await post('/vue/password/reset/', { email: DEMO_ACCOUNTS.carpenter.username })
    expect(reset.status).toBe(200)
    const [mail] = await api.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, DEMO_ACCOUNTS.carpenter.username))
      .orderBy(desc(mailOutbox.id))
      .limit(1)
    const link = /\/account\/password\/change\/([A-Za-z0-9_-]{43})/.exec(mail?.textBody ?? '')?.[1] ?? ''
    expect(link).not.toBe('')
    await (await get(`/vue/password/change/?token=${link}`)).text()
    expect(log.requests().length).toBeGreaterThanOrEqual(4)
    const text = log.text()
    for (const secret of [DEMO_PASSWORD, token, link, 'eyJ']) expect(text).not.toContain(secret)
  })

  it('fields named like secrets are redacted, and a failed query is logged without its parameters', async () => {
    const log = captureLog()
    logger().info(
      { password: 'hunter2-secret', body: { token: 'tok-secret' }, headers: { authorization: 'JWT auth-secret', cookie: 'c=cookie-secret' } },
      'shapes',
    )
    const failed = await api.database.db.execute(sql`select ${'param-secret'}::text from no_such_table`).catch((error: unknown) => error)
    logger().error({ err: failed }, 'a failed query')
    const text = log.text()
    for (const secret of ['hunter2-secret', 'tok-secret', 'auth-secret', 'cookie-secret', 'param-secret']) expect(text).not.toContain(secret)
    expect(text).toContain('[redacted]')
    expect(text).toContain('relation \\"no_such_table\\" does not exist')
  })
})

describe('under vitest', () => {
  it('an error line goes through console.error, so it fails the test as a console.error does', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    processLogger().warn('only a warning')
    expect(errors).not.toHaveBeenCalled()
    processLogger().error({ err: new Error('boom') }, 'something broke')
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('"msg":"something broke"'))
  })
})
