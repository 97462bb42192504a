import { decodeJwt } from 'jose'
import { and, eq, like } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { switchBackEndpoint, switchUserEndpoint } from '../../src/contract/session'
import type { Permission } from '../../src/domain/permissions'
import { auditLog, switchUserLog, userGroups, users } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS, DEMO_ROLES } from '../../src/server/seed/demo-accounts'
import { companyInfoEndpoint } from '../../src/contract/companies'
import { startApi, type TestApi } from '../helpers/api'
import { unchecked } from '../helpers/endpoint-call'

let api: TestApi
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

const staff = DEMO_ACCOUNTS.staff
const carpenter = DEMO_ACCOUNTS.carpenter
const REASON = 'Support request 4711: prices look wrong'

describe('POST /vue/switch-user/', () => {
  it('lets MANAGE_USERS take over a user; the token names who switched and the switch is logged', async () => {
    const token = await api.loginAs(staff.username)
    const result = await api.call(switchUserEndpoint, { email: carpenter.username, reason: REASON }, { token })
    expect(result.httpStatus).toBe(200)
    const data = result.data
    expect(data.user.username).toBe(carpenter.username)
    expect(data.user.id).toBe(carpenter.userId)
    expect(data.user.switched_by).toMatchObject({ id: staff.userId, username: staff.username, minutes: 60 })
    const claims = decodeJwt(data.jwt)
    expect(claims.sub).toBe(String(carpenter.userId))
    expect(claims.act).toEqual({ sub: String(staff.userId) })
    const logged = await api.database.db.select().from(switchUserLog).where(eq(switchUserLog.targetUserId, carpenter.userId))
    expect(logged).toHaveLength(1)
    expect(logged[0]?.actorUserId).toBe(staff.userId)
    const audited = await api.database.db.select().from(auditLog).where(eq(auditLog.action, 'switch_user'))
    expect(audited.some((row) => row.actorUserId === staff.userId && row.entityId === String(carpenter.userId))).toBe(true)
    // The new token works and acts as the carpenter.
    const info = await api.call(companyInfoEndpoint, { id: carpenter.companyId }, { token: data.jwt })
    expect(info.httpStatus).toBe(200)
  })

  it.each(DEMO_ROLES.filter((role) => !DEMO_ACCOUNTS[role].groups.includes('MANAGE_USERS')))(
    'refuses the %s account (no MANAGE_USERS) with 403',
    async (role) => {
      const token = await api.loginAs(DEMO_ACCOUNTS[role].username)
      const result = await api.call(switchUserEndpoint, { email: carpenter.username, reason: REASON }, { token })
      expect(result.httpStatus).toBe(403)
      expect(result.messages).toEqual(['You are not allowed to do this.'])
    },
  )

  it('needs a token', async () => {
    const result = await api.call(switchUserEndpoint, { email: carpenter.username, reason: REASON })
    expect(result.httpStatus).toBe(401)
  })

  it.each([
    ['a short e-mail', { email: 'a@b.de', reason: REASON }, 'E-mail must be at least 8 characters long.'],
    ['a malformed e-mail', { email: 'not-an-email-address', reason: REASON }, 'E-mail must be a valid e-mail address.'],
    ['no e-mail', { reason: REASON }, 'E-mail is a required field.'],
    [
      'an e-mail with a NUL byte',
      { email: 'carpenter\u0000@demo.example', reason: REASON },
      '“email” contains a NUL character (a zero byte), which is not allowed.',
    ],
  ])('refuses %s with 400', async (_, body, message) => {
    const token = await api.loginAs(staff.username)
    const result = await api.call(switchUserEndpoint, unchecked(body), { token })
    expect(result.httpStatus).toBe(400)
    expect(result.messages).toContain(message)
  })

  it('refuses an empty e-mail with 400', async () => {
    const token = await api.loginAs(staff.username)
    const result = await api.call(switchUserEndpoint, { email: '', reason: REASON }, { token })
    expect(result.httpStatus).toBe(400)
    expect(result.status).toBe(false)
    expect(result.messages.length).toBeGreaterThan(0)
  })

  it('answers 404 for an unknown e-mail', async () => {
    const token = await api.loginAs(staff.username)
    const result = await api.call(switchUserEndpoint, { email: 'nobody@demo.example', reason: REASON }, { token })
    expect(result.httpStatus).toBe(404)
    expect(result.messages).toEqual(['There is no active user with the e-mail address nobody@demo.example.'])
  })

  it('refuses switching to oneself', async () => {
    const token = await api.loginAs(staff.username)
    const result = await api.call(switchUserEndpoint, { email: staff.username, reason: REASON }, { token })
    expect(result.httpStatus).toBe(400)
  })
})

describe('POST /vue/switch-user/back/', () => {
  it('turns a switched token back into one of the real person, and logs it', async () => {
    const token = await api.loginAs(staff.username)
    const switched = (await api.call(switchUserEndpoint, { email: carpenter.username, reason: REASON }, { token })).data
    const result = await api.call(switchBackEndpoint, {}, { token: switched.jwt })
    expect(result.httpStatus).toBe(200)
    const data = result.data
    expect(data.user).toMatchObject({ username: staff.username, id: staff.userId, switched_by: null })
    expect(decodeJwt(data.jwt).act).toBeUndefined()
    const audited = await api.database.db.select().from(auditLog).where(eq(auditLog.action, 'switch_back'))
    expect(audited.some((row) => row.actorUserId === staff.userId && row.actingAsUserId === carpenter.userId)).toBe(true)
  })

  it('refuses a token that is not switched with 400, and no token with 401', async () => {
    const token = await api.loginAs(carpenter.username)
    const result = await api.call(switchBackEndpoint, {}, { token })
    expect(result.httpStatus).toBe(400)
    expect(result.messages).toEqual(['You have not switched to another user.'])
    expect((await api.call(switchBackEndpoint)).httpStatus).toBe(401)
  })
})

// The dealer gets MANAGE_USERS here, so a MANAGE_USERS account with fewer groups than staff
// switches to users of its own subtree (carpenter, industry) whose groups the tests set.
describe('switch user never gains permissions', () => {
  const dealer = DEMO_ACCOUNTS.dealer
  const industry = DEMO_ACCOUNTS.industry
  const dealerGroups: Permission[] = [...dealer.groups, 'MANAGE_USERS']
  const db = () => api.database.db

  async function setGroups(userId: number, groups: ReadonlyArray<Permission>): Promise<void> {
    await db().delete(userGroups).where(eq(userGroups.userId, userId))
    if (groups.length > 0)
      await db()
        .insert(userGroups)
        .values(groups.map((permission) => ({ userId, permission })))
  }
  const setActive = (userId: number, isActive: boolean) => db().update(users).set({ isActive }).where(eq(users.id, userId))
  const switchTo = (token: string, email: string, locale: 'de' | 'en' = 'en') => api.call(switchUserEndpoint, { email, reason: REASON }, { token, locale })
  const switchedToken = async (token: string, email: string) => (await switchTo(token, email)).data.jwt
  const carpenterInfo = (token: string, locale: 'de' | 'en' = 'en') => api.call(companyInfoEndpoint, { id: carpenter.companyId }, { token, locale })

  beforeAll(() => setGroups(dealer.userId, dealerGroups))
  afterEach(async () => {
    await setGroups(dealer.userId, dealerGroups)
    await setGroups(carpenter.userId, carpenter.groups)
    await setActive(dealer.userId, true)
  })
  afterAll(() => setGroups(dealer.userId, dealer.groups))

  it('allows a user whose groups are a subset of the real actor’s', async () => {
    await setGroups(carpenter.userId, ['CAN_APPROVE_ORDER'])
    const result = await switchTo(await api.loginAs(dealer.username), carpenter.username)
    expect(result.httpStatus).toBe(200)
    expect(result.data.user.groups).toEqual(['CAN_APPROVE_ORDER'])
  })

  it('allows a user with exactly the real actor’s groups', async () => {
    await setGroups(carpenter.userId, dealerGroups)
    const result = await switchTo(await api.loginAs(dealer.username), carpenter.username)
    expect(result.httpStatus).toBe(200)
  })

  it('refuses a user with more groups with 403 in the caller’s language; nothing is logged and no token issued', async () => {
    await setGroups(carpenter.userId, [...dealer.groups, 'CAN_UPLOAD', 'SEE_PRICELOGS'])
    const token = await api.loginAs(dealer.username)
    const before = await db().select().from(switchUserLog)
    const auditedBefore = await db().select().from(auditLog).where(eq(auditLog.action, 'switch_user'))
    const result = await switchTo(token, carpenter.username)
    expect(result.httpStatus).toBe(403)
    expect(result.failure).toBeUndefined()
    expect(result.messages).toEqual([
      'You cannot switch to carpenter@demo.example: this user may also upload price lists and variable texts; view price logs, which you may not. Switching never adds permissions.',
    ])
    const german = await switchTo(token, carpenter.username, 'de')
    expect(german.httpStatus).toBe(403)
    expect(german.messages).toEqual([
      'Sie können nicht zu carpenter@demo.example wechseln: Dieser Benutzer darf außerdem Preislisten und Variablentexte hochladen; Preisprotokolle ansehen, Sie nicht. Ein Wechsel gibt nie mehr Rechte.',
    ])
    expect(await db().select().from(switchUserLog)).toEqual(before)
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'switch_user'))).toEqual(auditedBefore)
  })

  it('measures against the real actor, not the user already switched to', async () => {
    // staff → dealer → carpenter with CAN_UPLOAD: the dealer lacks it, staff (the real actor) holds it.
    await setGroups(carpenter.userId, ['CAN_UPLOAD'])
    const asDealer = await switchedToken(await api.loginAs(staff.username), dealer.username)
    const result = await switchTo(asDealer, carpenter.username)
    expect(result.httpStatus).toBe(200)
    const data = result.data
    expect(data.user.switched_by).toMatchObject({ id: staff.userId, username: staff.username, minutes: 60 })
    expect(decodeJwt(data.jwt).act).toEqual({ sub: String(staff.userId) })
    // The way back leads to the real actor, not to the dealer in between.
    const back = await api.call(switchBackEndpoint, {}, { token: data.jwt })
    expect(back.httpStatus).toBe(200)
    expect(back.data.user).toMatchObject({ id: staff.userId, switched_by: null })
  })

  it('sends a switched session that asks for its real actor to the way back', async () => {
    const asDealer = await switchedToken(await api.loginAs(staff.username), dealer.username)
    const result = await switchTo(asDealer, staff.username)
    expect(result.httpStatus).toBe(400)
    expect(result.messages).toEqual(['You switched from staff@demo.example: use “Back to staff@demo.example” to return to your own account.'])
  })

  it('ends a switched session at once when its real actor is deactivated, despite the read cache', async () => {
    const switched = await switchedToken(await api.loginAs(dealer.username), carpenter.username)
    // The first call puts the session where a read cache would keep it.
    expect((await carpenterInfo(switched)).httpStatus).toBe(200)
    await setActive(dealer.userId, false)
    const ended = await carpenterInfo(switched)
    expect(ended.httpStatus).toBe(401)
    expect(ended.messages).toEqual(['Your session as another user has ended: the account that switched to this user is no longer active. Please log in again.'])
    expect((await carpenterInfo(switched, 'de')).messages).toEqual([
      'Ihre Sitzung als anderer Benutzer ist beendet: Das Konto, das zu diesem Benutzer gewechselt hat, ist nicht mehr aktiv. Bitte melden Sie sich erneut an.',
    ])
    expect((await api.call(switchBackEndpoint, {}, { token: switched })).httpStatus).toBe(401)
    // Active again, the same token works again: nothing else was changed.
    await setActive(dealer.userId, true)
    expect((await carpenterInfo(switched)).httpStatus).toBe(200)
  })

  it('ends a switched session when the user switched to now holds a group the real actor lacks', async () => {
    const switched = await switchedToken(await api.loginAs(dealer.username), carpenter.username)
    expect((await carpenterInfo(switched)).httpStatus).toBe(200)
    await setGroups(carpenter.userId, ['CAN_UPLOAD'])
    const ended = await carpenterInfo(switched)
    expect(ended.httpStatus).toBe(401)
    expect(ended.messages[0]).toMatch(/^Your session as another user has ended: the account that switched to this user no longer holds/)
  })

  it('refuses a switch by an account deactivated a moment ago', async () => {
    const token = await api.loginAs(dealer.username)
    expect((await carpenterInfo(token)).httpStatus).toBe(200)
    await setActive(dealer.userId, false)
    const result = await switchTo(token, industry.username)
    expect(result.httpStatus).toBe(401)
    expect(result.messages).toEqual(['This account is not active.'])
    expect(await db().select().from(switchUserLog).where(eq(switchUserLog.targetUserId, industry.userId))).toEqual([])
  })

  it('answers 404 for an inactive user and for a user out of scope', async () => {
    const token = await api.loginAs(dealer.username)
    const [inactive] = await db()
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.isActive, false), like(users.email, '%@%')))
      .limit(1)
    expect(inactive).toBeDefined()
    const asStaff = await switchTo(await api.loginAs(staff.username), inactive?.email ?? '')
    expect(asStaff.httpStatus).toBe(404)
    const outOfScope = await switchTo(token, DEMO_ACCOUNTS.translator.username)
    expect(outOfScope.httpStatus).toBe(404)
    expect(outOfScope.messages).toEqual(['There is no active user with the e-mail address translator@demo.example.'])
  })
})
