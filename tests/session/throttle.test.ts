import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appConfig } from '../../app.config'
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'

let api: TestApi
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

// Each failed attempt is answered 250 ms, 500 ms … later from the third on, so these tests
// move the clock forward instead of waiting where they can.
describe('login throttling', () => {
  it('slows and then refuses repeated failures for one username with 429', async () => {
    // A smaller allowance keeps the test short (delays 250, 500, 1000 ms); the rule is the same.
    const allowance = appConfig.limits.loginFailuresBeforeLock
    appConfig.limits.loginFailuresBeforeLock = 6
    const now = Date.parse('2026-11-22T09:00:00Z')
    const statuses: number[] = []
    const started = Date.now()
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const result = await api.call('POST', '/vue/login/', {
        body: { username: 'carpenter@demo.example', password: 'wrong-password' },
        clientAddress: `10.2.0.${attempt}`,
        nowMs: now + attempt * 1000,
      })
      statuses.push(result.httpStatus)
    }
    // From the third failure on, answers are held back.
    expect(Date.now() - started).toBeGreaterThanOrEqual(250)
    expect(statuses.every((status) => status === 401)).toBe(true)
    const locked = await api.call('POST', '/vue/login/', {
      body: { username: 'carpenter@demo.example', password: DEMO_PASSWORD },
      clientAddress: '10.2.1.1',
      nowMs: now + 11_000,
    })
    expect(locked.httpStatus).toBe(429)
    expect(locked.messages[0]).toMatch(/Too many failed logins\. Please wait 15 minutes/)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
    // After the lock window, the right password works again.
    const later = await api.call('POST', '/vue/login/', {
      body: { username: 'carpenter@demo.example', password: DEMO_PASSWORD },
      clientAddress: '10.2.1.1',
      nowMs: now + 11_000 + 16 * 60_000,
    })
    expect(later.status).toBe(true)
    appConfig.limits.loginFailuresBeforeLock = allowance
  }, 60_000)

  it('refuses one client address that tries many usernames', async () => {
    // A smaller allowance keeps the test short; the rule is the same.
    const allowance = appConfig.limits.ipFailuresBeforeLock
    appConfig.limits.ipFailuresBeforeLock = 12
    const now = Date.parse('2026-11-22T12:00:00Z')
    let last = 0
    for (let attempt = 0; attempt < 13; attempt += 1) {
      const result = await api.call('POST', '/vue/login/', {
        body: { username: `probe${attempt}@demo.example`, password: 'wrong-password' },
        clientAddress: '10.9.9.9',
        nowMs: now + attempt,
      })
      last = result.httpStatus
      if (last === 429) break
    }
    expect(last).toBe(429)
    const other = await api.call('POST', '/vue/login/', {
      body: { username: 'staff@demo.example', password: DEMO_PASSWORD },
      clientAddress: '10.9.9.10',
      nowMs: now + 100,
    })
    expect(other.status).toBe(true)
    appConfig.limits.ipFailuresBeforeLock = allowance
  }, 120_000)
})
