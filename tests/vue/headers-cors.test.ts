import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts'
import { handleVueRequest } from '../../src/server/http-api/dispatch.server'
import { withPageHeaders } from '../../src/server/security-headers.server'
import { startApi, type TestApi } from '../helpers/api'

// Security headers, CORS preflight, unknown methods and JSON-only bodies on /vue/ (decision
// 017). The environment is read once per test file: this file's allow-list and proxy trust.
const LEGACY = 'https://legacy.example.com'
vi.stubEnv('CORS_ORIGINS', `${LEGACY}, http://localhost:5173`)
vi.stubEnv('TRUST_PROXY', '1')

let api: TestApi
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

const send = (method: string, path: string, headers: Record<string, string> = {}, body?: BodyInit) =>
  handleVueRequest(new Request(`http://localhost${path}`, { method, headers, body }), { clientAddress: '10.77.0.1' })

const login = { username: 'staff@demo.example', password: DEMO_PASSWORD }

describe('security headers on /vue/', () => {
  it('every answer, failures too: no sniffing, no framing, nothing runs, never stored', async () => {
    for (const response of [await send('GET', '/vue/maintenance/'), await send('GET', '/vue/no-such/'), await send('GET', '/vue/openapi.json')]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
      expect(response.headers.get('x-frame-options')).toBe('DENY')
      expect(response.headers.get('referrer-policy')).toBe('same-origin')
      expect(response.headers.get('permissions-policy')).toContain('camera=()')
      expect(response.headers.get('strict-transport-security')).toBeNull()
    }
    expect((await send('GET', '/vue/maintenance/')).headers.get('cache-control')).toBe('no-store')
  })

  it('HSTS over HTTPS: directly, or as the trusted proxy says', async () => {
    const direct = await handleVueRequest(new Request('https://localhost/vue/maintenance/'), { clientAddress: '10.77.0.1' })
    expect(direct.headers.get('strict-transport-security')).toBe('max-age=31536000')
    const proxied = await send('GET', '/vue/maintenance/', { 'x-forwarded-proto': 'https' })
    expect(proxied.headers.get('strict-transport-security')).toBe('max-age=31536000')
  })
})

describe('CORS', () => {
  it('answers a preflight from an allowed origin', async () => {
    const response = await send('OPTIONS', '/vue/login/', {
      origin: LEGACY,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe(LEGACY)
    expect(response.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS')
    expect(response.headers.get('access-control-allow-headers')).toContain('Authorization')
    expect(response.headers.get('access-control-allow-headers')).toContain('Content-Type')
    expect(response.headers.get('access-control-allow-credentials')).toBeNull()
    expect(response.headers.get('vary')).toContain('Origin')
  })

  it('refuses a preflight from another origin with 403 in the envelope and no CORS headers', async () => {
    const response = await send('OPTIONS', '/vue/login/', { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'accept-language': 'en' })
    expect(response.status).toBe(403)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    expect(await response.json()).toEqual({ status: false, messages: ['Calls from https://evil.example are not allowed.'] })
  })

  it('OPTIONS without an Origin lists the methods; on an unknown path it is a 404', async () => {
    const listed = await send('OPTIONS', '/vue/company/1/info/')
    expect(listed.status).toBe(204)
    expect(listed.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
    expect((await send('OPTIONS', '/vue/no-such/')).status).toBe(404)
  })

  it('puts CORS headers on the actual answers for an allowed origin only', async () => {
    const json = { 'content-type': 'application/json' }
    const allowed = await send('POST', '/vue/login/', { ...json, origin: LEGACY }, JSON.stringify(login))
    expect(allowed.status).toBe(200)
    expect(allowed.headers.get('access-control-allow-origin')).toBe(LEGACY)
    expect(allowed.headers.get('access-control-expose-headers')).toContain('Retry-After')
    const failed = await send('GET', '/vue/contact/list/', { origin: LEGACY })
    expect(failed.status).toBe(401)
    expect(failed.headers.get('access-control-allow-origin')).toBe(LEGACY)
    const other = await send('POST', '/vue/login/', { ...json, origin: 'https://evil.example' }, JSON.stringify(login))
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
  })
})

// TRACE and CONNECT cannot be built as a Request in-process (fetch forbids them): the e2e
// test e2e/security-headers.spec.ts sends TRACE to the built server.
describe('methods', () => {
  it.each(['PROPFIND', 'MKCOL', 'PATCH'])('%s is a 405 in the envelope with the allowed methods', async (method) => {
    const result = await api.request(method, '/vue/login/')
    expect(result.httpStatus).toBe(405)
    expect(result.status).toBe(false)
    expect(result.messages).toEqual([`${method} is not allowed for /vue/login/.`])
    expect(result.headers.get('allow')).toBe('POST, OPTIONS')
  })

  it('an unknown method is a 405 on an unknown path too', async () => {
    const result = await api.request('PROPFIND', '/vue/no-such/')
    expect(result.httpStatus).toBe(405)
  })

  it('HEAD is GET without the body', async () => {
    const response = await send('HEAD', '/vue/maintenance/')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(await response.text()).toBe('')
    expect((await send('HEAD', '/vue/login/')).status).toBe(405)
  })
})

describe('JSON bodies only', () => {
  const body = JSON.stringify(login)
  it.each([
    ['text/plain', { 'content-type': 'text/plain' }],
    ['text/plain;charset=UTF-8', { 'content-type': 'text/plain;charset=UTF-8' }],
    ['a form', { 'content-type': 'application/x-www-form-urlencoded' }],
  ])('refuses %s with 415 and says what to send', async (_, headers) => {
    const response = await send('POST', '/vue/login/', { ...headers, 'accept-language': 'en' }, body)
    expect(response.status).toBe(415)
    expect(await response.json()).toEqual({ status: false, messages: ['Send the request body as JSON (Content-Type: application/json).'] })
  })

  it('refuses a body without a content type (a Blob without type needs no preflight either)', async () => {
    const response = await send('POST', '/vue/login/', {}, new Blob([body]))
    expect(response.status).toBe(415)
  })

  it('takes application/json with a charset and +json types', async () => {
    expect((await send('POST', '/vue/login/', { 'content-type': 'application/json; charset=utf-8' }, body)).status).toBe(200)
    expect((await send('POST', '/vue/login/', { 'content-type': 'application/vnd.api+json' }, body)).status).toBe(200)
  })

  it('an empty body is nothing to accept: the usual validation answers', async () => {
    expect((await send('POST', '/vue/login/', { 'content-type': 'text/plain' })).status).toBe(400)
  })

  it('refuses text/plain on every JSON endpoint, before the handler', async () => {
    const token = await api.loginAs('staff@demo.example')
    const response = await send('POST', '/vue/i18n/vartext/', { authorization: `JWT ${token}`, 'content-type': 'text/plain' }, '{"languages":{},"changes":{}}')
    expect(response.status).toBe(415)
  })
})

describe('page headers', () => {
  const html = (headers: Record<string, string> = {}) =>
    new Response('<!doctype html>', { headers: { 'content-type': 'text/html; charset=utf-8', ...headers } })

  it('a page: CSP with the nonce and no inline script otherwise, frame-ancestors none, revalidated', () => {
    const response = withPageHeaders(html(), { nonce: 'abc123', https: false, signedIn: false })
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("script-src 'self' 'nonce-abc123'")
    expect(policy).not.toMatch(/script-src[^;]*unsafe/)
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toContain("object-src 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cache-control')).toBe('private, no-cache')
    expect(response.headers.get('strict-transport-security')).toBeNull()
  })

  it('personal data is never stored: signed in, setting a cookie, or a server-function answer', () => {
    expect(withPageHeaders(html(), { nonce: 'n', https: false, signedIn: true }).headers.get('cache-control')).toBe('no-store')
    expect(withPageHeaders(html({ 'set-cookie': 'a=1' }), { nonce: 'n', https: false, signedIn: false }).headers.get('cache-control')).toBe('no-store')
    const data = withPageHeaders(new Response('{}', { headers: { 'content-type': 'application/json' } }), { nonce: 'n', https: false, signedIn: false })
    expect(data.headers.get('cache-control')).toBe('no-store')
    expect(data.headers.get('content-security-policy')).toBeNull()
  })

  it('over HTTPS: HSTS and every cookie Secure', () => {
    const response = new Response(null, { status: 302, headers: { location: '/' } })
    response.headers.append('set-cookie', 'portal_session=t; Path=/; HttpOnly; SameSite=Lax')
    response.headers.append('set-cookie', 'portal_user=u; Path=/; Secure; HttpOnly')
    const secured = withPageHeaders(response, { nonce: 'n', https: true, signedIn: false })
    expect(secured.headers.get('strict-transport-security')).toBe('max-age=31536000')
    expect(secured.headers.getSetCookie()).toEqual(['portal_session=t; Path=/; HttpOnly; SameSite=Lax; Secure', 'portal_user=u; Path=/; Secure; HttpOnly'])
    expect(withPageHeaders(response, { nonce: 'n', https: false, signedIn: false }).headers.getSetCookie()[0]).not.toContain('Secure')
  })
})

describe('CORS_ORIGINS', () => {
  it('takes comma-separated origins and refuses anything else at start-up', async () => {
    const { env } = await import('../../src/server/env.server')
    expect(env().CORS_ORIGINS).toEqual([LEGACY, 'http://localhost:5173'])
    vi.resetModules()
    vi.stubEnv('CORS_ORIGINS', 'https://ok.example, https://bad.example/path')
    const fresh = await import('../../src/server/env.server')
    expect(() => fresh.env()).toThrow(/CORS_ORIGINS/)
  })
})
