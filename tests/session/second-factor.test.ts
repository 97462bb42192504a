import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { appConfig } from '../../app.config'
import {
  secondFactorDisableEndpoint,
  secondFactorEnableEndpoint,
  secondFactorSetupEndpoint,
  secondFactorStatusEndpoint,
} from '../../src/contract/second-factor'
import { loginEndpoint, switchUserEndpoint } from '../../src/contract/session'
import { auditLog, userRecoveryCodes, userSecondFactors } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'
import { unchecked } from '../helpers/endpoint-call'
import { STEP_MS, enableSecondFactor, newUser, totpAt } from '../helpers/second-factor'

// The account's second factor: setup, enable, disable and status (decision 054).
let api: TestApi
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

// No delays, so failed codes take no sleeping (throttle.test.ts does the same); restored after each test.
const limits = { ...appConfig.limits }
afterEach(() => {
  Object.assign(appConfig.limits, limits)
})

describe('GET /vue/account/2fa/', () => {
  it('says off and no codes for a user without a second factor', async () => {
    await newUser(api, 'status@demo.example')
    const token = await api.loginAs('status@demo.example')
    const result = await api.call(secondFactorStatusEndpoint, {}, { token })
    expect(result.httpStatus).toBe(200)
    expect(result.data).toEqual({ enabled: false, recovery_codes_left: 0 })
  })

  it('needs a token', async () => {
    expect((await api.call(secondFactorStatusEndpoint)).httpStatus).toBe(401)
  })
})

describe('POST /vue/account/2fa/setup/ and enable/', () => {
  it('sets up a secret, enables it with a code and answers ten recovery codes once', async () => {
    const userId = await newUser(api, 'enable@demo.example')
    const now = Date.now()
    const token = await api.loginAs('enable@demo.example', now)
    const setup = await api.call(secondFactorSetupEndpoint, {}, { token, nowMs: now })
    expect(setup.httpStatus).toBe(200)
    const { secret, otpauth_url: url } = setup.data
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(url).toMatch(/^otpauth:\/\/totp\//)
    expect(new URL(url).searchParams.get('secret')).toBe(secret)
    expect(decodeURIComponent(url)).toContain('enable@demo.example')
    // Pending until a code confirms it: the login does not ask for one yet.
    expect((await api.call(secondFactorStatusEndpoint, {}, { token, nowMs: now })).data).toEqual({ enabled: false, recovery_codes_left: 0 })

    const enable = await api.call(secondFactorEnableEndpoint, { code: totpAt(secret, now) }, { token, nowMs: now })
    expect(enable.httpStatus).toBe(200)
    const codes = enable.data.recovery_codes
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/)
    expect((await api.call(secondFactorStatusEndpoint, {}, { token, nowMs: now })).data).toEqual({ enabled: true, recovery_codes_left: 10 })
    // Stored hashed, never as shown.
    const stored = await api.database.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId))
    expect(stored.map((row) => row.codeHash)).not.toContain(codes[0])
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.codeHash))).toBe(true)
    const audited = await api.database.db.select().from(auditLog).where(eq(auditLog.action, 'second_factor_enable'))
    expect(audited.map((row) => row.entityId)).toContain(String(userId))
  })

  it('refuses a setup or an enable while the second factor is on (409), in the caller’s language', async () => {
    await newUser(api, 'twice@demo.example')
    const now = Date.now()
    const token = await api.loginAs('twice@demo.example', now)
    await enableSecondFactor(api, token, now)
    const again = await api.call(secondFactorSetupEndpoint, {}, { token, nowMs: now })
    expect(again.httpStatus).toBe(409)
    expect(again.messages).toEqual(['Two-factor login is already on. Turn it off first to set it up again.'])
    const german = await api.call(secondFactorSetupEndpoint, {}, { token, nowMs: now, locale: 'de' })
    expect(german.messages).toEqual(['Die Anmeldung mit zweitem Faktor ist bereits eingeschaltet. Schalten Sie sie zuerst aus, um sie neu einzurichten.'])
    expect((await api.call(secondFactorEnableEndpoint, { code: '123456' }, { token, nowMs: now })).httpStatus).toBe(409)
  })

  it('refuses an enable without a setup (409)', async () => {
    await newUser(api, 'nosetup@demo.example')
    const token = await api.loginAs('nosetup@demo.example')
    const result = await api.call(secondFactorEnableEndpoint, { code: '123456' }, { token })
    expect(result.httpStatus).toBe(409)
    expect(result.messages).toEqual(['Set up two-factor login first, then confirm it with a code.'])
  })

  it('refuses a wrong code and stays off', async () => {
    await newUser(api, 'wrongcode@demo.example')
    const now = Date.now()
    const token = await api.loginAs('wrongcode@demo.example', now)
    const { secret } = (await api.call(secondFactorSetupEndpoint, {}, { token, nowMs: now })).data
    const wrong = totpAt(secret, now + 10 * STEP_MS)
    const result = await api.call(secondFactorEnableEndpoint, { code: wrong }, { token, nowMs: now })
    expect(result.httpStatus).toBe(400)
    expect(result.messages).toEqual(['The code is wrong or has already been used.'])
    expect((await api.call(secondFactorStatusEndpoint, {}, { token, nowMs: now })).data).toEqual({ enabled: false, recovery_codes_left: 0 })
  })

  it.each([
    ['no code', {}, 'en', 'Code is a required field.'],
    ['five digits', { code: '12345' }, 'en', 'Code is not correct.'],
    ['letters', { code: 'abcdef' }, 'en', 'Code is not correct.'],
    ['a number, not text', { code: 123456 }, 'en', 'Code is not correct.'],
    ['no code, in German', {}, 'de', 'Code ist ein Pflichtfeld.'],
  ] as const)('refuses %s with 400', async (_, body, locale, message) => {
    const token = await api.loginAs(DEMO_ACCOUNTS.industry.username)
    const result = await api.call(secondFactorEnableEndpoint, unchecked(body), { token, locale })
    expect(result.httpStatus).toBe(400)
    expect(result.messages).toEqual([message])
  })

  it('needs a token', async () => {
    expect((await api.call(secondFactorSetupEndpoint)).httpStatus).toBe(401)
    expect((await api.call(secondFactorEnableEndpoint, { code: '123456' })).httpStatus).toBe(401)
  })

  it('refuses staff switched to a user (403): only the person changes their own second factor', async () => {
    await newUser(api, 'switched@demo.example')
    const staff = await api.loginAs(DEMO_ACCOUNTS.staff.username)
    const switched = await api.call(switchUserEndpoint, { email: 'switched@demo.example', reason: 'Support request' }, { token: staff })
    const { jwt } = switched.data
    for (const endpoint of [secondFactorSetupEndpoint, secondFactorEnableEndpoint, secondFactorDisableEndpoint]) {
      const result = await api.call(endpoint, unchecked({ code: '123456' }), { token: jwt })
      expect(result.httpStatus).toBe(403)
      expect(result.messages).toEqual(['While you act as another user, you cannot change their two-factor login.'])
    }
    expect((await api.call(secondFactorStatusEndpoint, {}, { token: jwt })).httpStatus).toBe(200)
  })
})

describe('POST /vue/account/2fa/disable/', () => {
  it('turns it off with a current code and deletes the secret and the recovery codes', async () => {
    const userId = await newUser(api, 'disable@demo.example')
    const now = Date.now()
    const token = await api.loginAs('disable@demo.example', now)
    const { secret } = await enableSecondFactor(api, token, now)
    const later = now + 2 * STEP_MS
    const result = await api.call(secondFactorDisableEndpoint, { code: totpAt(secret, later) }, { token, nowMs: later })
    expect(result.httpStatus).toBe(200)
    expect(result.data).toEqual({ enabled: false })
    expect(await api.database.db.$count(userSecondFactors, eq(userSecondFactors.userId, userId))).toBe(0)
    expect(await api.database.db.$count(userRecoveryCodes, eq(userRecoveryCodes.userId, userId))).toBe(0)
    // Logging in needs the password only, as before.
    expect((await api.call(loginEndpoint, { username: 'disable@demo.example', password: DEMO_PASSWORD })).status).toBe(true)
  })

  it('turns it off with a recovery code (any case, spaces for dashes)', async () => {
    await newUser(api, 'disable-recovery@demo.example')
    const now = Date.now()
    const token = await api.loginAs('disable-recovery@demo.example', now)
    const { recoveryCodes } = await enableSecondFactor(api, token, now)
    const typed = (recoveryCodes[3] ?? '').toUpperCase().replaceAll('-', ' ')
    const result = await api.call(secondFactorDisableEndpoint, { code: typed }, { token, nowMs: now })
    expect(result.httpStatus).toBe(200)
    expect((await api.call(secondFactorStatusEndpoint, {}, { token, nowMs: now })).data).toEqual({ enabled: false, recovery_codes_left: 0 })
  })

  it('refuses a wrong code, the code of a step already used, and a call while it is off', async () => {
    await newUser(api, 'disable-wrong@demo.example')
    const now = Date.now()
    const token = await api.loginAs('disable-wrong@demo.example', now)
    const { secret } = await enableSecondFactor(api, token, now)
    const wrong = await api.call(secondFactorDisableEndpoint, { code: 'aaaa-bbbb-cccc-dddd' }, { token, nowMs: now })
    expect(wrong.httpStatus).toBe(400)
    expect(wrong.messages).toEqual(['The code is wrong or has already been used.'])
    // The enable took this step's code.
    expect((await api.call(secondFactorDisableEndpoint, { code: totpAt(secret, now) }, { token, nowMs: now })).httpStatus).toBe(400)
    expect((await api.call(secondFactorStatusEndpoint, {}, { token, nowMs: now })).data).toEqual({ enabled: true, recovery_codes_left: 10 })

    await newUser(api, 'disable-off@demo.example')
    const off = await api.call(secondFactorDisableEndpoint, { code: '123456' }, { token: await api.loginAs('disable-off@demo.example') })
    expect(off.httpStatus).toBe(409)
    expect(off.messages).toEqual(['Two-factor login is not on for this account.'])
  })

  it('counts wrong codes like wrong passwords: a stolen session cannot guess on (429 at the tenth)', async () => {
    Object.assign(appConfig.limits, { loginFailuresBeforeDelay: 100 })
    await newUser(api, 'disable-guess@demo.example')
    const now = Date.now()
    const token = await api.loginAs('disable-guess@demo.example', now)
    const { secret } = await enableSecondFactor(api, token, now)
    const address = '203.0.113.70'
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await api.call(secondFactorDisableEndpoint, { code: String(200_000 + attempt) }, { token, nowMs: now, clientAddress: address })).httpStatus).toBe(
        400,
      )
    }
    const later = now + 2 * STEP_MS
    const locked = await api.call(secondFactorDisableEndpoint, { code: totpAt(secret, later) }, { token, nowMs: later, clientAddress: address })
    expect(locked.httpStatus).toBe(429)
    expect(locked.headers.get('retry-after')).not.toBeNull()
    // The login from there is locked as well.
    const login = await api.call(loginEndpoint, { username: 'disable-guess@demo.example', password: DEMO_PASSWORD }, { clientAddress: address })
    expect(login.httpStatus).toBe(429)
  })

  it('refuses bad input with 400 and no token with 401', async () => {
    const token = await api.loginAs(DEMO_ACCOUNTS.industry.username)
    const missing = await api.call(secondFactorDisableEndpoint, unchecked({}), { token, locale: 'de' })
    expect(missing.httpStatus).toBe(400)
    expect(missing.messages).toEqual(['Code ist ein Pflichtfeld.'])
    const odd = await api.call(secondFactorDisableEndpoint, { code: '12345!' }, { token })
    expect(odd.httpStatus).toBe(400)
    expect(odd.messages).toEqual(['Code is not correct.'])
    expect((await api.call(secondFactorDisableEndpoint, { code: '123456' })).httpStatus).toBe(401)
  })
})
