import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginEndpoint } from '../../src/contract/session'
import { auditLog, userRecoveryCodes, userSecondFactors } from '../../src/server/db/schema/index'
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts'
import { adminInProcess, type InProcess } from '../helpers/admin'
import { startApi, type TestApi } from '../helpers/api'
import { enableSecondFactor, newUser } from '../helpers/second-factor'

// `npm run admin -- reset-2fa ADDRESS` (decision 054) in-process on the test's own database,
// its effect seen at the /vue/ login, and its refusals.
let api: TestApi
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

const admin = (args: string[], options: InProcess = {}) => adminInProcess(args, { database: api.database, ...options })
const login = (username: string) => api.call(loginEndpoint, { username, password: DEMO_PASSWORD }, { clientAddress: '192.0.2.210' })

describe('reset-2fa', () => {
  it('turns the second factor off: the password alone signs in again', async () => {
    const userId = await newUser(api, 'lost-phone@example.com')
    const now = Date.now()
    await enableSecondFactor(api, await api.loginAs('lost-phone@example.com', now), now)
    expect((await login('lost-phone@example.com')).failure).toEqual({ second_factor: 'totp' })

    const run = await admin(['reset-2fa', 'Lost-Phone@Example.com'])
    expect([run.code, run.stderr]).toEqual([0, ''])
    expect(run.stdout).toBe(`Two-factor login turned off for lost-phone@example.com (id ${userId}); they log in with the password alone.`)
    expect(await api.database.db.$count(userSecondFactors, eq(userSecondFactors.userId, userId))).toBe(0)
    expect(await api.database.db.$count(userRecoveryCodes, eq(userRecoveryCodes.userId, userId))).toBe(0)
    expect(await api.database.db.$count(auditLog, eq(auditLog.action, 'second_factor_reset'))).toBe(1)
    expect((await login('lost-phone@example.com')).httpStatus).toBe(200)

    // Again: nothing left to turn off, said so, still exit 0.
    const again = await admin(['reset-2fa', '--email', 'lost-phone@example.com'])
    expect([again.code, again.stdout]).toEqual([0, `Two-factor login was not on for lost-phone@example.com (id ${userId}); nothing changed.`])
  })

  it('refuses an unknown user with exit 1 and a clear message', async () => {
    const run = await admin(['reset-2fa', 'nobody@nowhere.example'])
    expect([run.code, run.stdout, run.stderr]).toEqual([1, '', 'admin reset-2fa: No user has the e-mail address nobody@nowhere.example.'])
  })

  it.each([
    ['no address', []],
    ['two addresses', ['a@example.com', 'b@example.com']],
    ['not an address', ['not-an-address']],
    ['an unknown option', ['--user', 'a@example.com']],
  ])('refuses %s with exit 2 and the usage', async (_, args) => {
    const run = await admin(['reset-2fa', ...args])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/^admin reset-2fa: .+\nUsage: npm run admin -- reset-2fa ADDRESS/)
  })

  it('describes itself with --help', async () => {
    const run = await admin(['reset-2fa', '--help'])
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^Usage: npm run admin -- reset-2fa ADDRESS\n\nTurns two-factor login off/)
  })
})
