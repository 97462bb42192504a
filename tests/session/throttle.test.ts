import { count, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { appConfig } from '../../app.config'
import { KNOWN_ADDRESSES_PER_USER } from '../../src/server/auth/throttle-store.server'
import { HOUSEKEEPING_EVERY } from '../../src/server/auth/throttle.server'
import { loginAttempts } from '../../src/server/db/schema/index'
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts'
import { loginEndpoint } from '../../src/contract/session'
import { startApi, type TestApi } from '../helpers/api'
import type { Answer } from '../helpers/endpoint-call'

let api: TestApi
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

// Smaller allowances keep the tests short; the rules are the same. Every test restores them.
const defaults = { ...appConfig.limits }
function useLimits(limits: Partial<typeof appConfig.limits>): void {
  Object.assign(appConfig.limits, limits)
}
afterEach(() => {
  Object.assign(appConfig.limits, defaults)
})

const MINUTE = 60_000
const WRONG = 'wrong-password'
function login(username: string, password: string, clientAddress: string, nowMs: number): Promise<Answer<typeof loginEndpoint>> {
  return api.call(loginEndpoint, { username, password }, { clientAddress, nowMs })
}
async function fail(username: string, clientAddress: string, nowMs: number): Promise<number> {
  return (await login(username, WRONG, clientAddress, nowMs)).httpStatus
}

describe('login throttling per username and address', () => {
  it('ten wrong passwords from one address lock that address for the user, not the user elsewhere', async () => {
    // No delays here (they have their own test), so ten failures take no sleeping.
    useLimits({ loginFailuresBeforeDelay: 100 })
    const user = 'carpenter@demo.example'
    const now = Date.parse('2026-11-02T09:00:00Z')
    for (let attempt = 0; attempt < 10; attempt += 1) expect(await fail(user, '203.0.113.7', now + attempt * 1000)).toBe(401)
    // The right password from A is refused while A is locked, saying when to try again.
    const locked = await login(user, DEMO_PASSWORD, '203.0.113.7', now + 11_000)
    expect(locked.httpStatus).toBe(429)
    expect(locked.messages).toEqual(['Too many failed logins. Please wait 15 minutes and try again.'])
    expect(Number(locked.headers.get('retry-after'))).toBe(15 * 60 - 2)
    // The real user at another address logs in.
    expect((await login(user, DEMO_PASSWORD, '198.51.100.20', now + 12_000)).httpStatus).toBe(200)
    // A is still locked; after the window it is not.
    expect((await login(user, DEMO_PASSWORD, '203.0.113.7', now + 14 * MINUTE)).httpStatus).toBe(429)
    expect((await login(user, DEMO_PASSWORD, '203.0.113.7', now + 10_000 + 15 * MINUTE)).httpStatus).toBe(200)
  })

  it('holds answers back from the third failure of a username at one address', async () => {
    useLimits({ loginFailuresBeforeLock: 6 })
    const now = Date.parse('2026-11-03T09:00:00Z')
    for (let attempt = 0; attempt < 3; attempt += 1) await fail('industry@demo.example', '203.0.113.8', now + attempt)
    const started = Date.now()
    expect(await fail('industry@demo.example', '203.0.113.8', now + 10)).toBe(401)
    expect(Date.now() - started).toBeGreaterThanOrEqual(250)
  })

  it('counts an IPv6 /64 as one address', async () => {
    useLimits({ loginFailuresBeforeDelay: 100, loginFailuresBeforeLock: 4 })
    const user = 'guest@demo.example'
    const now = Date.parse('2026-11-04T09:00:00Z')
    for (let attempt = 1; attempt <= 4; attempt += 1) expect(await fail(user, `2001:db8:1:2::${attempt}`, now + attempt)).toBe(401)
    expect((await login(user, DEMO_PASSWORD, '2001:db8:1:2:ffff::9', now + 100)).httpStatus).toBe(429)
    expect((await login(user, DEMO_PASSWORD, '::ffff:192.0.2.44', now + 101)).httpStatus).toBe(200)
    expect((await login(user, DEMO_PASSWORD, '2001:db8:1:3::1', now + 102)).httpStatus).toBe(200)
  })
})

describe('the backstop per username across addresses', () => {
  it('locks the username after its threshold from many addresses, except where its owner logged in before', async () => {
    useLimits({ loginFailuresBeforeDelay: 100, userFailuresBeforeLock: 8 })
    const user = 'translator@demo.example'
    const now = Date.parse('2026-11-05T09:00:00Z')
    // The owner logged in from home once.
    expect((await login(user, DEMO_PASSWORD, '192.0.2.1', now)).httpStatus).toBe(200)
    // Seven failures from seven addresses: one short of the backstop, a new address still logs in.
    for (let attempt = 1; attempt <= 7; attempt += 1) expect(await fail(user, `198.18.0.${attempt}`, now + attempt * 1000)).toBe(401)
    expect((await login(user, DEMO_PASSWORD, '198.18.1.1', now + 8_000)).httpStatus).toBe(200)
    // The eighth locks the username for addresses it never logged in from.
    expect(await fail(user, '198.18.0.8', now + 9_000)).toBe(401)
    const locked = await login(user, DEMO_PASSWORD, '198.18.2.2', now + 10_000)
    expect(locked.httpStatus).toBe(429)
    expect(locked.messages[0]).toMatch(/^This account is protected for now after many failed logins from different networks\. Please wait 15 minutes/)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await fail(user, '198.18.0.9', now + 11_000)).toBe(429)
    // Home, and the address the owner used a moment ago, still log in.
    expect((await login(user, DEMO_PASSWORD, '192.0.2.1', now + 12_000)).httpStatus).toBe(200)
    expect((await login(user, DEMO_PASSWORD, '198.18.1.1', now + 13_000)).httpStatus).toBe(200)
    // After the window the username is open again everywhere.
    expect((await login(user, DEMO_PASSWORD, '198.18.2.2', now + 9_000 + 15 * MINUTE)).httpStatus).toBe(200)
  })

  it('spares a known address for 30 days only', async () => {
    useLimits({ loginFailuresBeforeDelay: 100, userFailuresBeforeLock: 4 })
    const user = 'industry@demo.example'
    const then = Date.parse('2026-09-01T09:00:00Z')
    expect((await login(user, DEMO_PASSWORD, '192.0.2.50', then)).httpStatus).toBe(200)
    const now = then + 31 * 24 * 60 * MINUTE
    for (let attempt = 1; attempt <= 4; attempt += 1) expect(await fail(user, `198.19.0.${attempt}`, now + attempt)).toBe(401)
    expect((await login(user, DEMO_PASSWORD, '192.0.2.50', now + 100)).httpStatus).toBe(429)
  })

  it('refuses one client address that tries many usernames', async () => {
    useLimits({ ipFailuresBeforeLock: 12 })
    const now = Date.parse('2026-11-06T12:00:00Z')
    let last = 0
    for (let attempt = 0; attempt < 13 && last !== 429; attempt += 1) last = await fail(`probe${attempt}@demo.example`, '10.9.9.9', now + attempt)
    expect(last).toBe(429)
    expect((await login('staff@demo.example', DEMO_PASSWORD, '10.9.9.9', now + 100)).httpStatus).toBe(429)
    expect((await login('staff@demo.example', DEMO_PASSWORD, '10.9.9.10', now + 100)).status).toBe(true)
  })
})

describe('throttle state', () => {
  const counters = async () => {
    const [row] = await api.database.db
      .select({ rows: count() })
      .from(loginAttempts)
      .where(sql`not starts_with(${loginAttempts.key}, 'known:')`)
    return row?.rows ?? 0
  }

  it('stays bounded while usernames and addresses are sprayed, and keeps its locks', async () => {
    useLimits({ loginFailuresBeforeDelay: 100, loginFailuresBeforeLock: 3, loginThrottleRows: 20 })
    const now = Date.parse('2026-11-07T09:00:00Z')
    for (let attempt = 0; attempt < 3; attempt += 1) await fail('dealer@demo.example', '203.0.113.99', now + attempt)
    const spray = 120
    for (let attempt = 0; attempt < spray; attempt += 1) {
      await fail(`spray${attempt}@demo.example`, `100.64.${attempt >> 8}.${attempt & 255}`, now + 1000 + attempt)
    }
    // Unbounded, the spray alone would leave three rows per attempt.
    expect(await counters()).toBeLessThanOrEqual(20 + 3 * HOUSEKEEPING_EVERY)
    expect((await login('dealer@demo.example', DEMO_PASSWORD, '203.0.113.99', now + 5000)).httpStatus).toBe(429)
    // Past the window, the next housekeeping forgets what ran out.
    for (let attempt = 0; attempt < HOUSEKEEPING_EVERY; attempt += 1)
      await fail(`late${attempt}@demo.example`, `100.65.0.${attempt}`, now + 16 * MINUTE + attempt)
    expect(await counters()).toBeLessThanOrEqual(3 * HOUSEKEEPING_EVERY)
  }, 60_000)

  it('keeps the newest few known addresses of a user', async () => {
    const now = Date.parse('2026-11-08T09:00:00Z')
    for (let attempt = 1; attempt <= KNOWN_ADDRESSES_PER_USER + 2; attempt += 1) {
      expect((await login('staff@demo.example', DEMO_PASSWORD, `192.0.2.${100 + attempt}`, now + attempt * 1000)).httpStatus).toBe(200)
    }
    const known = await api.database.db
      .select({ key: loginAttempts.key })
      .from(loginAttempts)
      .where(sql`starts_with(${loginAttempts.key}, 'known:') and ${loginAttempts.key} like '% staff@demo.example'`)
    expect(known.map((row) => row.key).sort()).toEqual([103, 104, 105, 106, 107].map((host) => `known:192.0.2.${host} staff@demo.example`))
  })
})
