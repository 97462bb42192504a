import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { allImplementations } from '../../src/server/endpoint/registry.server'
import { startApi, type CallResult, type TestApi } from '../helpers/api'
import { databaseSnapshot } from '../helpers/db-snapshot'
import { enableSecondFactor } from '../helpers/second-factor'

// Hostile input never makes the server fail (500) and never changes anything: every endpoint
// of the contract with hostile path parameters, query values and bodies. A 500 also logs
// console.error, which fails the test on its own (tests/setup/console.ts).
let api: TestApi
let staffToken: string
// Calls that end sessions by their meaning, whatever the input: walked with tokens of their own,
// so the walk's token stays signed in (signing out once, then 401s, is an answer too).
const ownTokens = new Map<string, string>()
const staff = DEMO_ACCOUNTS.staff

beforeAll(async () => {
  api = await startApi()
  staffToken = await api.loginAs(staff.username)
  ownTokens.set('session.logout', await api.loginAs(staff.username))
  ownTokens.set('account.sessions-end-others', await api.loginAs(DEMO_ACCOUNTS.dealer.username))
  // Setting up a second factor takes no input, so any body is harmless and it writes a pending
  // secret; with staff's second factor on it is refused (409) like the rest of the walk.
  await enableSecondFactor(api, staffToken, Date.now())
})
afterAll(() => api.close())

const HOSTILE_SEGMENTS = [
  'abc',
  '-1',
  '1.5',
  '0',
  '1e30',
  '99999999999',
  '9'.repeat(400),
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%F0%9F%92%A9',
  "1'%3B--",
  '%20',
  '..',
  '%2F',
]
const HOSTILE_QUERY = [...HOSTILE_SEGMENTS, '', '1e400', '-0', 'NaN', 'Infinity', '99999999999999999999', 'x'.repeat(5000), '[]', '%7B%7D']
const NUL = '\0'
const HOSTILE_VALUES: unknown[] = [
  NUL,
  `a${NUL}b`,
  '',
  ' ',
  '1e30',
  '9'.repeat(400),
  '\ud800',
  'x'.repeat(20_000),
  -1,
  0,
  1.5,
  1e30,
  -1e30,
  2 ** 31,
  true,
  null,
  [],
  {},
  [NUL],
  { [NUL]: 1 },
  { a: NUL },
  [[[NUL]]],
]
const RAW_BODIES = [
  'null',
  '[]',
  '"text"',
  '1e400',
  '{"a":',
  '{"\\u0000":1}',
  '["\\u0000"]',
  '"\\u0000"',
  `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
  '{"__proto__":{"admin":true}}',
  '\u0000',
]

/** What the walk may see: a failure with a fitting 4xx (2xx for input that happens to be harmless). */
const problems: string[] = []
function expectAnswered(result: CallResult, what: string): void {
  const fitting = result.httpStatus < 500 && (result.httpStatus < 400 || result.status === false)
  if (!fitting) problems.push(`${what} → ${result.httpStatus} ${result.messages.join(' ')}`)
}

function shapeKeys(schema: z.ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : []
}

function pathWith(template: string, value: string): string {
  return template.replace(/\{\w+\}/g, value)
}

/** A path with valid-looking parameters, to reach the query and body checks. */
function plainPath(template: string): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'basket' || name === 'number' ? '2000000001' : name === 'model' ? 'x' : '1'))
}

describe('hostile input on every endpoint', () => {
  it('never answers 500 and changes nothing', async () => {
    const before = await databaseSnapshot(api.database)
    for (const { endpoint } of allImplementations) {
      const token = ownTokens.get(endpoint.id) ?? staffToken
      const { method } = endpoint
      const hasBody = method !== 'GET' && method !== 'DELETE'
      const send = (path: string, extra: Parameters<TestApi['request']>[2] = {}) =>
        api.request(method, path, {
          token,
          clientAddress: '10.66.0.1',
          ...(hasBody && !endpoint.multipart && !extra.rawBody && extra.body === undefined && !extra.form ? { body: {} } : {}),
          ...extra,
        })
      if (endpoint.path.includes('{')) {
        for (const segment of HOSTILE_SEGMENTS) expectAnswered(await send(pathWith(endpoint.path, segment)), `${method} ${pathWith(endpoint.path, segment)}`)
      }
      const base = plainPath(endpoint.path)
      for (const key of [...shapeKeys(endpoint.query), 'unknown', `k${encodeURIComponent(NUL)}`]) {
        for (const value of HOSTILE_QUERY)
          expectAnswered(await send(`${base}?${encodeURIComponent(key)}=${value}`), `${method} ${base}?${key}=${value.slice(0, 40)}`)
      }
      if (!hasBody) continue
      if (endpoint.multipart) {
        for (const key of [...shapeKeys(endpoint.body), 'dry_run', `k${NUL}`]) {
          for (const value of [NUL, `a${NUL}b`, '9'.repeat(400), '']) {
            const form = new FormData()
            form.set(key, value)
            expectAnswered(await send(base, { form }), `${method} ${base} multipart ${key}`)
          }
          const form = new FormData()
          form.set(key, new File(['a;b\n1;2\n'], `name${NUL}.csv`, { type: 'text/csv' }))
          expectAnswered(await send(base, { form }), `${method} ${base} multipart file ${key}`)
        }
        expectAnswered(await send(base, { body: { a: 1 } }), `${method} ${base} JSON instead of multipart`)
        continue
      }
      for (const rawBody of RAW_BODIES) {
        expectAnswered(await send(base, { rawBody, headers: { 'content-type': 'application/json' } }), `${method} ${base} raw ${rawBody.slice(0, 20)}`)
      }
      for (const key of [...shapeKeys(endpoint.body), `k${NUL}`]) {
        for (const value of HOSTILE_VALUES)
          expectAnswered(await send(base, { body: { [key]: value } }), `${method} ${base} ${key}=${JSON.stringify(value).slice(0, 40)}`)
      }
      for (const value of HOSTILE_VALUES) {
        const all = Object.fromEntries(shapeKeys(endpoint.body).map((key) => [key, value]))
        expectAnswered(await send(base, { body: all }), `${method} ${base} all=${JSON.stringify(value).slice(0, 40)}`)
      }
    }
    expect(problems).toEqual([])
    expect(await databaseSnapshot(api.database)).toEqual(before)
  }, 300_000)
})

describe('a NUL byte in any input is a 400 that says so', () => {
  const nulMessage = /contains a NUL character/
  it.each([
    ['login username', 'POST', '/vue/login/', { body: { username: `staff${NUL}@demo.example`, password: 'portal-demo-2026' } }],
    ['contact list email', 'GET', `/vue/contact/list/?email=a${encodeURIComponent(NUL)}b`, {}],
    ['basket list number', 'GET', `/vue/basket/list/?number=2000${encodeURIComponent(NUL)}`, {}],
    ['basket list order', 'GET', `/vue/basket/list/?order=${encodeURIComponent(NUL)}`, {}],
    ['price-log filter', 'GET', `/vue/price/logs/?filter=price${encodeURIComponent(NUL)}`, {}],
    ['dump body', 'POST', '/vue/i18n/dump/?article=1', { body: [`tid${NUL}`] }],
    [
      'save key',
      'POST',
      '/vue/i18n/save/',
      { body: { kind: 'system', languages: { en: ['English', { [`key${NUL}`]: 'v' }] }, changes: { en: [`key${NUL}`] } } },
    ],
    ['save value', 'POST', '/vue/i18n/vartext/', { body: { languages: { en: ['English', { key: `v${NUL}` }] }, changes: { en: ['key'] } } }],
  ] as const)('%s', async (_, method, path, options) => {
    const result = await api.request(method, path, { token: staffToken, clientAddress: '10.66.0.2', ...options })
    expect(result.httpStatus).toBe(400)
    expect(result.messages.join(' ')).toMatch(nulMessage)
  })

  it('in a multipart text field, and in the caller’s language', async () => {
    const form = new FormData()
    form.set('dry_run', `1${NUL}`)
    form.set('prices', new File(['x'], 'prices.csv', { type: 'text/csv' }))
    const result = await api.request('POST', '/vue/price/upload/', { token: staffToken, form, locale: 'de' })
    expect(result.httpStatus).toBe(400)
    expect(result.messages).toEqual(['„dry_run“ enthält ein NUL-Zeichen (ein Null-Byte); das ist nicht erlaubt.'])
  })

  it('still asks for the token first', async () => {
    const result = await api.request('GET', `/vue/contact/list/?email=${encodeURIComponent(NUL)}`)
    expect(result.httpStatus).toBe(401)
  })
})

describe('a token whose subject names no user id is invalid (401)', () => {
  const secret = new TextEncoder().encode(process.env.JWT_SECRET)
  const sign = (claims: Record<string, unknown>, subject: string) => {
    const now = Math.floor(Date.now() / 1000)
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(secret)
  }
  it.each([
    ['1e30', '1e30'],
    ['400 digits', '9'.repeat(400)],
    ['beyond int4', '2147483648'],
    ['99999999999', '99999999999'],
    ['0', '0'],
    ['-1', '-1'],
    ['1.5', '1.5'],
    ['empty', ''],
  ])('sub %s', async (_, subject) => {
    const token = await sign({}, subject)
    const result = await api.request('GET', `/vue/company/${staff.companyId}/info/`, { token })
    expect(result.httpStatus).toBe(401)
    expect(result.messages).toEqual(['Your session is not valid. Please log in again.'])
  })

  it('act.sub too', async () => {
    const token = await sign({ act: { sub: '9'.repeat(400) } }, String(staff.userId))
    expect((await api.request('GET', `/vue/company/${staff.companyId}/info/`, { token })).httpStatus).toBe(401)
  })
})

describe('an id of 0 or below', () => {
  it('is a 400 that says the id must be greater than 0, in the caller’s language', async () => {
    for (const [locale, message] of [
      ['en', 'ID must be greater than 0.'],
      ['de', 'ID muss größer als 0 sein.'],
    ] as const) {
      const result = await api.request('GET', '/vue/company/0/delivery-addresses/', { token: staffToken, locale })
      expect(result).toMatchObject({ httpStatus: 400, messages: [message] })
    }
  })
})
