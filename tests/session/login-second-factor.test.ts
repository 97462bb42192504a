import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { appConfig } from '../../app.config'
import { loginEndpoint } from '../../src/contract/session'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/seed/demo-accounts'
import { secondFactorStatusEndpoint } from '../../src/contract/second-factor'
import { startApi, type TestApi } from '../helpers/api'
import { unchecked } from '../helpers/endpoint-call'
import { parsed } from '../helpers/openapi-document'
import { STEP_MS, enableSecondFactor, newUser, totpAt } from '../helpers/second-factor'

// POST /vue/login/ for an account with a second factor (decision 054); accounts without one
// log in as before (tests/session/login.test.ts, unchanged).
let api: TestApi
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

const defaults = { ...appConfig.limits }
afterEach(() => {
  Object.assign(appConfig.limits, defaults)
})

function login(body: Record<string, unknown>, nowMs: number, more: { locale?: 'de' | 'en'; clientAddress?: string } = {}) {
  return api.call(loginEndpoint, unchecked(body), { nowMs, clientAddress: more.clientAddress ?? '10.2.0.1', locale: more.locale })
}

/** A user with the second factor on, enabled at `now` (that step is used up). */
async function userWithSecondFactor(email: string, now: number) {
  await newUser(api, email)
  const token = await api.loginAs(email, now)
  return enableSecondFactor(api, token, now)
}

describe('POST /vue/login/ with a second factor', () => {
  it('asks for the code after the right password: no token, data.second_factor, the message in the caller’s language', async () => {
    const now = Date.now()
    await userWithSecondFactor('ask@demo.example', now)
    const result = await login({ username: 'ask@demo.example', password: DEMO_PASSWORD }, now + STEP_MS)
    expect(result.httpStatus).toBe(401)
    expect(result.status).toBe(false)
    expect(result.failure).toEqual({ second_factor: 'totp' })
    expect(result.messages).toEqual(['Enter the code from your authenticator app.'])
    const german = await login({ username: 'ask@demo.example', password: DEMO_PASSWORD }, now + STEP_MS, { locale: 'de' })
    expect(german.messages).toEqual(['Geben Sie den Code aus Ihrer Authenticator-App ein.'])
    expect(german.failure).toEqual({ second_factor: 'totp' })
  })

  it('answers a wrong password as before, without telling that a second factor is on', async () => {
    const now = Date.now()
    await userWithSecondFactor('wrongpw@demo.example', now)
    const result = await login({ username: 'wrongpw@demo.example', password: 'wrong-password', code: '123456' }, now)
    expect(result.httpStatus).toBe(401)
    expect(result.messages).toEqual(['The username or password is wrong.'])
    expect(result.failure).toBeUndefined()
  })

  it('signs in with a current code, and takes each time step once', async () => {
    const now = Date.now()
    const { secret } = await userWithSecondFactor('totp@demo.example', now)
    const later = now + 3 * STEP_MS
    const code = totpAt(secret, later)
    const first = await login({ username: 'totp@demo.example', password: DEMO_PASSWORD, code }, later)
    expect(first.httpStatus).toBe(200)
    const data = first.data
    expect(data.user.username).toBe('totp@demo.example')
    expect(data.second_factor_setup_required).toBeUndefined()
    // The same code again, even within its window, is refused.
    const again = await login({ username: 'totp@demo.example', password: DEMO_PASSWORD, code }, later + 5_000)
    expect(again.httpStatus).toBe(401)
    expect(again.messages).toEqual(['The code is wrong or has already been used.'])
    expect(again.failure).toEqual({ second_factor: 'totp' })
    // So is the step before, still inside the window; the next step works.
    expect((await login({ username: 'totp@demo.example', password: DEMO_PASSWORD, code: totpAt(secret, later - STEP_MS) }, later)).httpStatus).toBe(401)
    const next = later + STEP_MS
    expect((await login({ username: 'totp@demo.example', password: DEMO_PASSWORD, code: totpAt(secret, next) }, next)).httpStatus).toBe(200)
  })

  it('takes a code of the step before or after (clock drift), not two steps away', async () => {
    const now = Date.now()
    const { secret } = await userWithSecondFactor('drift@demo.example', now)
    const at = now + 10 * STEP_MS
    expect((await login({ username: 'drift@demo.example', password: DEMO_PASSWORD, code: totpAt(secret, at + 2 * STEP_MS) }, at)).httpStatus).toBe(401)
    expect((await login({ username: 'drift@demo.example', password: DEMO_PASSWORD, code: totpAt(secret, at + STEP_MS) }, at)).httpStatus).toBe(200)
  })

  it('signs in with a recovery code once', async () => {
    const now = Date.now()
    const { recoveryCodes } = await userWithSecondFactor('recovery@demo.example', now)
    const code = recoveryCodes[0] ?? ''
    const first = await login({ username: 'recovery@demo.example', password: DEMO_PASSWORD, code }, now)
    expect(first.httpStatus).toBe(200)
    const token = first.data.jwt
    expect((await api.call(secondFactorStatusEndpoint, {}, { token, nowMs: now })).data).toEqual({ enabled: true, recovery_codes_left: 9 })
    const again = await login({ username: 'recovery@demo.example', password: DEMO_PASSWORD, code }, now)
    expect(again.httpStatus).toBe(401)
    expect(again.messages).toEqual(['The code is wrong or has already been used.'])
  })

  it('counts wrong codes like wrong passwords: the tenth locks this address for the user', async () => {
    Object.assign(appConfig.limits, { loginFailuresBeforeDelay: 100 })
    const now = Date.now()
    const { secret } = await userWithSecondFactor('guess@demo.example', now)
    const address = '203.0.113.60'
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const code = String(100_000 + attempt)
      expect((await login({ username: 'guess@demo.example', password: DEMO_PASSWORD, code }, now + attempt, { clientAddress: address })).httpStatus).toBe(401)
    }
    const at = now + 2 * STEP_MS
    const locked = await login({ username: 'guess@demo.example', password: DEMO_PASSWORD, code: totpAt(secret, at) }, at, { clientAddress: address })
    expect(locked.httpStatus).toBe(429)
    expect(locked.messages).toEqual(['Too many failed logins. Please wait 15 minutes and try again.'])
    // Elsewhere the owner signs in with the right code.
    expect(
      (await login({ username: 'guess@demo.example', password: DEMO_PASSWORD, code: totpAt(secret, at) }, at, { clientAddress: '198.51.100.60' })).httpStatus,
    ).toBe(200)
  })

  it('does not count the password-only step as a failure', async () => {
    Object.assign(appConfig.limits, { loginFailuresBeforeDelay: 100 })
    const now = Date.now()
    const { secret } = await userWithSecondFactor('asked-often@demo.example', now)
    for (let attempt = 0; attempt < 12; attempt += 1) {
      expect(
        (await login({ username: 'asked-often@demo.example', password: DEMO_PASSWORD }, now + attempt, { clientAddress: '203.0.113.61' })).httpStatus,
      ).toBe(401)
    }
    const at = now + 2 * STEP_MS
    expect(
      (await login({ username: 'asked-often@demo.example', password: DEMO_PASSWORD, code: totpAt(secret, at) }, at, { clientAddress: '203.0.113.61' }))
        .httpStatus,
    ).toBe(200)
  })

  it.each([
    ['a code too short', { code: '123' }, 'Code must be at least 6 characters long.'],
    ['a code with other characters', { code: '12345!' }, 'Code is not correct.'],
  ])('refuses %s with 400', async (_, extra, message) => {
    const result = await login({ username: 'carpenter@demo.example', password: DEMO_PASSWORD, ...extra }, Date.now())
    expect(result.httpStatus).toBe(400)
    expect(result.messages).toEqual([message])
  })

  it('signs in an account without a second factor as before, a code sent along or not', async () => {
    const user = DEMO_ACCOUNTS.carpenter.username
    const plain = await login({ username: user, password: DEMO_PASSWORD }, Date.now())
    expect(plain.httpStatus).toBe(200)
    expect(Object.keys(plain.data).sort()).toEqual(['jwt', 'user'])
    expect((await login({ username: user, password: DEMO_PASSWORD, code: '123456' }, Date.now())).httpStatus).toBe(200)
  })
})

describe('/vue/openapi.json', () => {
  it('documents the code, the 401 that asks for it, the setup hint and the account calls', () => {
    const login = parsed.paths['/vue/login/']?.post
    const text = JSON.stringify(login)
    expect(text).toContain('"code"')
    expect(JSON.stringify(login?.responses['401'])).toContain('SecondFactorNeeded')
    expect(JSON.stringify(parsed.components.schemas.SecondFactorNeeded)).toContain('"totp"')
    expect(JSON.stringify(login?.responses['200'])).toContain('second_factor_setup_required')
    expect(Object.keys(parsed.paths['/vue/account/2fa/'] ?? {})).toEqual(['get'])
    for (const path of ['setup', 'enable', 'disable']) {
      const operation = parsed.paths[`/vue/account/2fa/${path}/`]?.post
      expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403']))
      expect(operation?.security).toEqual([{ jwt: [] }])
    }
  })
})
