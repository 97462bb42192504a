import { z } from 'zod'
import { E2E_BASE_PORT } from '../playwright.config'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/seed/demo-accounts'
import { expect, test } from './fixtures'
import { OwnServer } from './own-server'

// The /vue/ fast lane on the built server (decision 024): API calls are dispatched ahead of
// the page router — there is no /vue/ page route any more, so an answer in the envelope is the
// dispatcher's — with the envelope, status codes, security and CORS headers of the contract.
// Pages still render through the router. No timings here: speed is measured in bench/api.ts.
test.describe.configure({ mode: 'serial' })

const LEGACY_ORIGIN = 'https://legacy.example'
const API_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
}
const envelope = z.strictObject({ status: z.boolean(), messages: z.array(z.string()), data: z.unknown().optional() })

test.describe('the /vue/ fast lane', () => {
  const server = new OwnServer(E2E_BASE_PORT + 12, `./data/e2e-fast-lane-${process.pid}`, { CORS_ORIGINS: LEGACY_ORIGIN, TRUST_PROXY: '1' })
  test.beforeAll(async () => {
    test.setTimeout(120_000)
    server.remove()
    await server.start()
  })
  test.afterAll(async () => {
    await server.stop()
    server.remove()
  })

  const get = (path: string, init: RequestInit = {}) =>
    fetch(`${server.origin}${path}`, { redirect: 'manual', ...init, headers: { 'accept-language': 'en', ...init.headers } })

  function expectApiHeaders(response: Response): void {
    for (const [name, value] of Object.entries(API_HEADERS)) expect(response.headers.get(name), name).toBe(value)
    expect(response.headers.get('permissions-policy')).toContain('camera=()')
  }

  test('an unknown API path answers 404 in the envelope with the API headers, never a page', async () => {
    for (const path of ['/vue/no-such-call/', '/vue/no/such/call', '/vue/']) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expectApiHeaders(response)
      expect(envelope.parse(await response.json())).toEqual({ status: false, messages: [`There is no such address in the portal API: GET ${path}`] })
    }
  })

  test('a known path answers with and without its trailing slash; HEAD has the headers and no body', async () => {
    for (const path of ['/vue/maintenance/', '/vue/maintenance']) {
      const response = await get(path)
      expect(response.status, path).toBe(200)
      expectApiHeaders(response)
      expect(envelope.parse(await response.json()).status).toBe(true)
    }
    const head = await get('/vue/maintenance/', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expectApiHeaders(head)
    expect(await head.text()).toBe('')
  })

  test('a method the path does not answer (TRACE too) is a 405 with Allow, in the envelope', async ({ request }) => {
    // Node's fetch refuses to send TRACE; Playwright's client sends it. (Made-up methods end
    // at Node's HTTP parser with a 400 before any code of ours runs.)
    for (const method of ['DELETE', 'PATCH', 'TRACE']) {
      const response = await request.fetch(`${server.origin}/vue/maintenance/`, { method, headers: { 'accept-language': 'en' }, maxRedirects: 0 })
      expect(response.status(), method).toBe(405)
      const headers = response.headers()
      expect(headers['allow'], method).toBe('GET, HEAD, OPTIONS')
      for (const [name, value] of Object.entries(API_HEADERS)) expect(headers[name], name).toBe(value)
      expect(envelope.parse(await response.json())).toEqual({ status: false, messages: [`${method} is not allowed for /vue/maintenance/.`] })
    }
  })

  test('CORS: the allowed origin gets its preflight and its headers, any other origin a 403', async () => {
    const preflight = await get('/vue/login/', { method: 'OPTIONS', headers: { origin: LEGACY_ORIGIN, 'access-control-request-method': 'POST' } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(LEGACY_ORIGIN)
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS')
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization')
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull()
    expect(preflight.headers.get('vary')).toBe('Origin')
    const plain = await get('/vue/login/', { method: 'OPTIONS' })
    expect(plain.status).toBe(204)
    expect(plain.headers.get('allow')).toBe('POST, OPTIONS')
    const refused = await get('/vue/login/', { method: 'OPTIONS', headers: { origin: 'https://elsewhere.example' } })
    expect(refused.status).toBe(403)
    expect(refused.headers.get('access-control-allow-origin')).toBeNull()
    expectApiHeaders(refused)
    const call = await get('/vue/maintenance/', { headers: { origin: LEGACY_ORIGIN } })
    expect(call.headers.get('access-control-allow-origin')).toBe(LEGACY_ORIGIN)
    expect(call.headers.get('access-control-expose-headers')).toBe('Retry-After, Allow')
  })

  test('an authenticated call reads the database; a missing token is a 401; HSTS when the proxy says HTTPS', async () => {
    const login = await get('/vue/login/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO_ACCOUNTS.dealer.username, password: DEMO_PASSWORD }),
    })
    expect(login.status).toBe(200)
    const { jwt } = z.object({ jwt: z.string() }).parse(envelope.parse(await login.json()).data)
    const path = `/vue/company/${DEMO_ACCOUNTS.dealer.companyId}/info/`
    const info = await get(path, { headers: { authorization: `JWT ${jwt}`, 'x-forwarded-proto': 'https' } })
    expect(info.status).toBe(200)
    expectApiHeaders(info)
    expect(info.headers.get('strict-transport-security')).toBe('max-age=31536000')
    expect(z.object({ data: z.object({ id: z.number() }) }).parse(await info.json()).data.id).toBe(DEMO_ACCOUNTS.dealer.companyId)
    const anonymous = await get(path)
    expect(anonymous.status).toBe(401)
    expectApiHeaders(anonymous)
    expect(envelope.parse(await anonymous.json()).status).toBe(false)
  })

  test('pages still render through the router with their own headers, and /health answers', async () => {
    const page = await get('/login')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(page.headers.get('content-security-policy')).toMatch(/'nonce-[^']+'/)
    expect(await page.text()).toContain('<html')
    const redirect = await get('/login/')
    expect([301, 302, 307, 308]).toContain(redirect.status)
    const health = await get('/health')
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: true, messages: [], data: { ok: true } })
  })
})
