import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { loginEndpoint } from '../../src/contract/session'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'
import { STEP_MS, enableSecondFactor, totpAt } from '../helpers/second-factor'

// REQUIRE_2FA_FOR_STAFF (decision 054): staff without a second factor still sign in, and are told to set one up.
vi.stubEnv('REQUIRE_2FA_FOR_STAFF', '1')

let api: TestApi
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

async function login(username: string, nowMs: number, code?: string) {
  const result = await api.call(loginEndpoint, { username, password: DEMO_PASSWORD, code }, { nowMs })
  expect(result.httpStatus).toBe(200)
  return result.data
}

describe('REQUIRE_2FA_FOR_STAFF=1', () => {
  it('tells staff with MANAGE_USERS or CAN_UPLOAD without a second factor to set one up', async () => {
    const now = Date.now()
    const staff = await login(DEMO_ACCOUNTS.staff.username, now)
    expect(staff.jwt).toBeTruthy()
    expect(staff.second_factor_setup_required).toBe(true)
    // Once it is on, the answer no longer says so.
    const { secret } = await enableSecondFactor(api, staff.jwt, now)
    const later = now + 2 * STEP_MS
    expect((await login(DEMO_ACCOUNTS.staff.username, later, totpAt(secret, later))).second_factor_setup_required).toBeUndefined()
  })

  it('says nothing to users without those groups', async () => {
    for (const role of ['carpenter', 'dealer', 'translator'] as const) {
      expect((await login(DEMO_ACCOUNTS[role].username, Date.now())).second_factor_setup_required).toBeUndefined()
    }
  })
})
