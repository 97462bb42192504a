import { decodeJwt } from 'jose'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { switchUserEndpoint } from '../../src/contract/session'
import { auditLog, switchUserLog } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS, DEMO_ROLES } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'

let api: TestApi
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

const staff = DEMO_ACCOUNTS.staff
const carpenter = DEMO_ACCOUNTS.carpenter

describe('POST /vue/switch-user/', () => {
  it('lets MANAGE_USERS take over a user; the token names who switched and the switch is logged', async () => {
    const token = await api.loginAs(staff.username)
    const result = await api.call('POST', '/vue/switch-user/', { token, body: { email: carpenter.username } })
    expect(result.httpStatus).toBe(200)
    const data = switchUserEndpoint.data.parse(result.data)
    expect(data.user.username).toBe(carpenter.username)
    expect(data.user.id).toBe(carpenter.userId)
    expect(data.user.switched_by).toEqual({ id: staff.userId, username: staff.username })
    const claims = decodeJwt(data.jwt)
    expect(claims.sub).toBe(String(carpenter.userId))
    expect(claims.act).toEqual({ sub: String(staff.userId) })
    const logged = await api.database.db.select().from(switchUserLog).where(eq(switchUserLog.targetUserId, carpenter.userId))
    expect(logged).toHaveLength(1)
    expect(logged[0]?.actorUserId).toBe(staff.userId)
    const audited = await api.database.db.select().from(auditLog).where(eq(auditLog.action, 'switch_user'))
    expect(audited.some((row) => row.actorUserId === staff.userId && row.entityId === String(carpenter.userId))).toBe(true)
    // The new token works and acts as the carpenter.
    const info = await api.call('GET', `/vue/company/${carpenter.companyId}/info/`, { token: data.jwt })
    expect(info.httpStatus).toBe(200)
  })

  it.each(DEMO_ROLES.filter((role) => !DEMO_ACCOUNTS[role].groups.includes('MANAGE_USERS')))(
    'refuses the %s account (no MANAGE_USERS) with 403',
    async (role) => {
      const token = await api.loginAs(DEMO_ACCOUNTS[role].username)
      const result = await api.call('POST', '/vue/switch-user/', { token, body: { email: carpenter.username } })
      expect(result.httpStatus).toBe(403)
      expect(result.messages).toEqual(['You are not allowed to do this.'])
    },
  )

  it('needs a token', async () => {
    const result = await api.call('POST', '/vue/switch-user/', { body: { email: carpenter.username } })
    expect(result.httpStatus).toBe(401)
  })

  it.each([
    ['a short e-mail', { email: 'a@b.de' }, 'E-mail must be at least 8 characters long.'],
    ['a malformed e-mail', { email: 'not-an-email-address' }, 'E-mail must be a valid e-mail address.'],
    ['no e-mail', {}, 'E-mail is a required field.'],
  ])('refuses %s with 400', async (_, body, message) => {
    const token = await api.loginAs(staff.username)
    const result = await api.call('POST', '/vue/switch-user/', { token, body })
    expect(result.httpStatus).toBe(400)
    expect(result.messages).toContain(message)
  })

  it('answers 404 for an unknown e-mail', async () => {
    const token = await api.loginAs(staff.username)
    const result = await api.call('POST', '/vue/switch-user/', { token, body: { email: 'nobody@demo.example' } })
    expect(result.httpStatus).toBe(404)
    expect(result.messages).toEqual(['There is no active user with the e-mail address nobody@demo.example.'])
  })

  it('refuses switching to oneself', async () => {
    const token = await api.loginAs(staff.username)
    const result = await api.call('POST', '/vue/switch-user/', { token, body: { email: staff.username } })
    expect(result.httpStatus).toBe(400)
  })
})

describe('POST /vue/switch-user/back/', () => {
  it('turns a switched token back into one of the real person, and logs it', async () => {
    const token = await api.loginAs(staff.username)
    const switched = switchUserEndpoint.data.parse((await api.call('POST', '/vue/switch-user/', { token, body: { email: carpenter.username } })).data)
    const result = await api.call('POST', '/vue/switch-user/back/', { token: switched.jwt })
    expect(result.httpStatus).toBe(200)
    const data = switchUserEndpoint.data.parse(result.data)
    expect(data.user).toMatchObject({ username: staff.username, id: staff.userId, switched_by: null })
    expect(decodeJwt(data.jwt).act).toBeUndefined()
    const audited = await api.database.db.select().from(auditLog).where(eq(auditLog.action, 'switch_back'))
    expect(audited.some((row) => row.actorUserId === staff.userId && row.actingAsUserId === carpenter.userId)).toBe(true)
  })

  it('refuses a token that is not switched with 400, and no token with 401', async () => {
    const token = await api.loginAs(carpenter.username)
    const result = await api.call('POST', '/vue/switch-user/back/', { token })
    expect(result.httpStatus).toBe(400)
    expect(result.messages).toEqual(['You have not switched to another user.'])
    expect((await api.call('POST', '/vue/switch-user/back/')).httpStatus).toBe(401)
  })
})
