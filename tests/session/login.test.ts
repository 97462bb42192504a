import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { loginEndpoint, sessionUser } from '../../src/contract/session'
import { users } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_ROLES } from '../../src/server/seed/demo-accounts'
import { writeMaintenance } from '../../src/server/services/session/maintenance.server'
import { startApi, type TestApi } from '../helpers/api'
import { unchecked } from '../helpers/endpoint-call'

const loginData = z.object({ jwt: z.string(), user: sessionUser })

let api: TestApi
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

describe('POST /vue/login/', () => {
  it.each(DEMO_ROLES)('logs in the %s demo account with its groups and lines', async (role) => {
    const account = DEMO_ACCOUNTS[role]
    const result = await api.call(loginEndpoint, { username: account.username, password: DEMO_PASSWORD })
    expect(result.httpStatus).toBe(200)
    expect(result.status).toBe(true)
    const data = loginData.parse(result.data)
    expect(data.jwt.split('.')).toHaveLength(3)
    expect(data.user.username).toBe(account.username)
    expect(data.user.id).toBe(account.userId)
    expect(data.user.company[0]).toBe(account.companyId)
    expect([...data.user.groups].sort()).toEqual([...account.groups].sort())
    expect(data.user.lines).toHaveLength(account.lineCount)
    if (account.lineCount > 0) expect(data.user.last_line).not.toBeNull()
    expect(data.user.shop_url).toBe(`http://localhost/dealer/company/${account.companyId}/shop/`)
  })

  it('accepts the username in any letter case', async () => {
    const result = await api.call(loginEndpoint, { username: 'Staff@Demo.Example', password: DEMO_PASSWORD })
    expect(result.status).toBe(true)
  })

  it('refuses a wrong password with 401 and a clear message', async () => {
    const result = await api.call(loginEndpoint, { username: 'staff@demo.example', password: 'wrong-password' }, { clientAddress: '10.1.0.1' })
    expect(result.httpStatus).toBe(401)
    expect(result.status).toBe(false)
    expect(result.messages).toEqual(['The username or password is wrong.'])
  })

  it('answers an unknown user exactly like a wrong password', async () => {
    const result = await api.call(loginEndpoint, { username: 'nobody@demo.example', password: 'whatever-123' }, { clientAddress: '10.1.0.2' })
    expect(result.httpStatus).toBe(401)
    expect(result.messages).toEqual(['The username or password is wrong.'])
  })

  it('answers in German when the caller asks for German', async () => {
    const result = await api.call(loginEndpoint, { username: 'staff@demo.example', password: 'wrong-password' }, { locale: 'de', clientAddress: '10.1.0.3' })
    expect(result.messages).toEqual(['Benutzername oder Passwort ist falsch.'])
  })

  it.each([
    ['a missing username', { password: DEMO_PASSWORD }, 'Username is a required field.'],
    ['an empty username', { username: '  ', password: DEMO_PASSWORD }, 'Username is a required field.'],
    ['a short password', { username: 'staff@demo.example', password: 'short' }, 'Password must be at least 8 characters long.'],
    ['a missing password', { username: 'staff@demo.example' }, 'Password is a required field.'],
    ['a wrong-typed username', { username: 42, password: DEMO_PASSWORD }, 'Username is not correct.'],
  ])('refuses %s with 400', async (_, body, message) => {
    const result = await api.call(loginEndpoint, unchecked(body))
    expect(result.httpStatus).toBe(400)
    expect(result.status).toBe(false)
    expect(result.messages).toContain(message)
  })

  it('refuses malformed JSON with 400', async () => {
    const result = await api.request('POST', '/vue/login/', { rawBody: '{"username": "x",', headers: { 'content-type': 'application/json' } })
    expect(result.httpStatus).toBe(400)
    expect(result.messages).toEqual(['The request body is not valid JSON.'])
  })

  it('refuses a body that is not an object', async () => {
    const result = await api.request('POST', '/vue/login/', { body: ['staff@demo.example', DEMO_PASSWORD] })
    expect(result.httpStatus).toBe(400)
    expect(result.status).toBe(false)
  })

  it('refuses an oversized body with 413 before reading it', async () => {
    const result = await api.call(loginEndpoint, { username: 'x'.repeat(2_000_000), password: DEMO_PASSWORD })
    expect(result.httpStatus).toBe(413)
    expect(result.messages[0]).toMatch(/too large/)
  })

  it('refuses an inactive account with a clear message', async () => {
    const [inactive] = await api.database.db
      .insert(users)
      .values({
        email: 'inactive@demo.example',
        passwordHash: (await api.database.db.select({ hash: users.passwordHash }).from(users).limit(1))[0]!.hash,
        firstName: 'In',
        lastName: 'Active',
        companyId: DEMO_ACCOUNTS.carpenter.companyId,
        isActive: false,
      })
      .returning({ id: users.id })
    expect(inactive).toBeDefined()
    const result = await api.call(loginEndpoint, { username: 'inactive@demo.example', password: DEMO_PASSWORD })
    expect(result.httpStatus).toBe(403)
    expect(result.messages).toEqual(['This account is not active.'])
  })

  it('refuses login while maintenance forbids it, but lets test login through', async () => {
    await writeMaintenance(api.database.db, { loginAllowed: false, testLoginAllowed: true }, Date.now())
    try {
      const blocked = await api.call(loginEndpoint, { username: 'staff@demo.example', password: DEMO_PASSWORD })
      expect(blocked.httpStatus).toBe(403)
      expect(blocked.messages).toEqual(['Login is not possible at the moment. Please try again later.'])
      const test = await api.call(loginEndpoint, { test: '1', username: 'staff@demo.example', password: DEMO_PASSWORD })
      expect(test.status).toBe(true)
    } finally {
      await writeMaintenance(api.database.db, { loginAllowed: true }, Date.now())
    }
  })

  it('does not change the database on bad input', async () => {
    const before = await api.database.db.$count(users)
    await api.call(loginEndpoint, { username: '', password: '' })
    await api.request('POST', '/vue/login/', { rawBody: 'not json' })
    expect(await api.database.db.$count(users)).toBe(before)
  })
})
