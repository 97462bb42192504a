import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { maintenanceEndpoint, switchBackEndpoint, switchEnded, switchUserEndpoint } from '../../src/contract/session'
import { auditLog, users } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { addressCreateEndpoint } from '../../src/contract/delivery'
import { companyInfoEndpoint } from '../../src/contract/companies'
import { startApi, type TestApi } from '../helpers/api'
import { unchecked } from '../helpers/endpoint-call'

// Switch user with a reason, an end and a trace (decision 055): the reason is required and kept
// in the trail with both people; a switch lasts SWITCH_USER_MINUTES (60 here, the default) from
// its token's issue; past it only the way back takes the token.
const { staff, dealer, carpenter } = DEMO_ACCOUNTS
const REASON = 'Support request 4711: prices look wrong'
const MINUTE = 60_000
// 10:00 in Berlin: a token's calendar day (decision 004) outlasts every time used here.
const SWITCHED_AT = Date.parse('2026-11-27T09:00:00Z')
const NEW_ADDRESS = { name1: 'Lager Süd', address1: 'Hafenstraße 5', zip: '20457', city: 'Hamburg', country: 'DE', phone: '+49 40 654321' }

const trailRow = z.object({
  action: z.string(),
  actor_user_id: z.number().nullable(),
  acting_as_user_id: z.number().nullable(),
  company_id: z.number().nullable(),
  target: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
})

let api: TestApi
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

async function lastId(): Promise<number> {
  const result = await api.database.db.execute(sql`select coalesce(max(id), 0) as id from activity`)
  return z.object({ rows: z.array(z.object({ id: z.coerce.number() })) }).parse(result).rows[0]!.id
}

async function trailAfter(id: number) {
  const result = await api.database.db.execute(sql`select * from activity where id > ${id} order by id`)
  return z.object({ rows: z.array(trailRow) }).parse(result).rows
}

// The body as each test gives it, also without a reason or with one the contract refuses.
function switchTo(token: string, body: Record<string, unknown>, options: { locale?: 'de' | 'en'; nowMs?: number } = {}) {
  return api.call(switchUserEndpoint, unchecked(body), { token, ...options })
}

/** A token of staff switched to `email` at `nowMs`. */
async function switchedAt(nowMs: number, email: string = carpenter.username): Promise<string> {
  const token = await api.loginAs(staff.username, nowMs)
  const result = await switchTo(token, { email, reason: REASON }, { nowMs })
  expect(result.httpStatus, result.messages.join(' ')).toBe(200)
  return result.data.jwt
}

describe('POST /vue/switch-user/ asks why', () => {
  it('switches with a reason and says until when the switch lasts', async () => {
    const token = await api.loginAs(staff.username, SWITCHED_AT)
    const result = await switchTo(token, { email: carpenter.username, reason: `  ${REASON}  ` }, { nowMs: SWITCHED_AT })
    expect(result.httpStatus).toBe(200)
    const { user } = result.data
    expect(user.switched_by).toEqual({ id: staff.userId, username: staff.username, ends_at: '2026-11-27T10:00:00.000Z', minutes: 60 })
  })

  it.each([
    ['no reason', { email: carpenter.username }, 'Reason is a required field.', 'Grund ist ein Pflichtfeld.'],
    [
      'a reason too short',
      { email: carpenter.username, reason: 'ab' },
      'Reason must be at least 3 characters long.',
      'Grund muss mindestens 3 Zeichen lang sein.',
    ],
    [
      'a reason of blanks around two letters',
      { email: carpenter.username, reason: '   ab   ' },
      'Reason must be at least 3 characters long.',
      'Grund muss mindestens 3 Zeichen lang sein.',
    ],
    [
      'a reason too long',
      { email: carpenter.username, reason: 'x'.repeat(201) },
      'Reason must be at most 200 characters long.',
      'Grund darf höchstens 200 Zeichen lang sein.',
    ],
  ])('refuses %s with 400 in the caller’s language, and switches nobody', async (_, body, english, german) => {
    const token = await api.loginAs(staff.username)
    const before = await lastId()
    const result = await switchTo(token, body)
    expect(result.httpStatus).toBe(400)
    expect(result.messages).toEqual([english])
    expect((await switchTo(token, body, { locale: 'de' })).messages).toEqual([german])
    expect(await trailAfter(before)).toEqual([])
  })

  it('takes a reason of exactly 3 and of exactly 200 characters', async () => {
    const token = await api.loginAs(staff.username)
    expect((await switchTo(token, { email: carpenter.username, reason: 'abc' })).httpStatus).toBe(200)
    expect((await switchTo(token, { email: carpenter.username, reason: 'x'.repeat(200) })).httpStatus).toBe(200)
  })

  it('needs a token, and MANAGE_USERS', async () => {
    expect((await api.call(switchUserEndpoint, { email: carpenter.username, reason: REASON })).httpStatus).toBe(401)
    const result = await switchTo(await api.loginAs(dealer.username), { email: carpenter.username, reason: REASON })
    expect(result.httpStatus).toBe(403)
  })

  it('keeps the reason, the real person and the target in the trail and in the audit log', async () => {
    const token = await api.loginAs(staff.username)
    const before = await lastId()
    expect((await switchTo(token, { email: carpenter.username, reason: `  ${REASON} ` })).httpStatus).toBe(200)
    const [row, ...more] = await trailAfter(before)
    expect(more).toEqual([])
    const who = { actor_user_id: staff.userId, actor: staff.username, target_user_id: carpenter.userId, target: carpenter.username }
    expect(row).toMatchObject({ action: 'session.switch-user', actor_user_id: staff.userId, acting_as_user_id: null, target: `user ${carpenter.userId}` })
    expect(row!.details).toEqual({ reason: REASON, ...who })
    const audited = await api.database.db.select().from(auditLog).where(eq(auditLog.action, 'switch_user'))
    expect(audited.at(-1)?.details).toMatchObject({ email: carpenter.username, reason: REASON, ...who })
  })
})

describe('a switch ends after SWITCH_USER_MINUTES', () => {
  const carpenterInfo = (token: string, nowMs: number, locale: 'de' | 'en' = 'en') =>
    api.call(companyInfoEndpoint, { id: carpenter.companyId }, { token, nowMs, locale })

  it('works up to its end; from then on every call answers 401 saying so, in the caller’s language', async () => {
    const jwt = await switchedAt(SWITCHED_AT)
    expect((await carpenterInfo(jwt, SWITCHED_AT + 60 * MINUTE - 1000)).httpStatus).toBe(200)
    const ended = await carpenterInfo(jwt, SWITCHED_AT + 60 * MINUTE)
    expect(ended.httpStatus).toBe(401)
    expect(ended.messages).toEqual([`Your switch to ${carpenter.username} ended after 60 minutes. Go back to your own account to go on.`])
    expect(switchEnded.parse(ended.failure)).toEqual({ switch_ended: { user: carpenter.username, minutes: 60 } })
    expect((await carpenterInfo(jwt, SWITCHED_AT + 61 * MINUTE, 'de')).messages).toEqual([
      `Ihr Wechsel zu ${carpenter.username} ist nach 60 Minuten abgelaufen. Kehren Sie zu Ihrem eigenen Konto zurück, um weiterzuarbeiten.`,
    ])
    // A write too, and a switch onwards: nothing but the way back.
    const write = await api.call(addressCreateEndpoint, { cid: carpenter.companyId, ...NEW_ADDRESS }, { token: jwt, nowMs: SWITCHED_AT + 61 * MINUTE })
    expect(write.httpStatus).toBe(401)
    expect((await switchTo(jwt, { email: dealer.username, reason: REASON }, { nowMs: SWITCHED_AT + 61 * MINUTE })).httpStatus).toBe(401)
    // Calls that take a token when given (the maintenance check) treat it as none.
    const maintenance = await api.call(maintenanceEndpoint, {}, { token: jwt, nowMs: SWITCHED_AT + 61 * MINUTE })
    expect(z.object({ jwt: z.null() }).safeParse(maintenance.data).success).toBe(true)
  })

  it('leaves a token that is not switched alone', async () => {
    const token = await api.loginAs(staff.username, SWITCHED_AT)
    expect((await carpenterInfo(token, SWITCHED_AT + 5 * 60 * MINUTE)).httpStatus).toBe(200)
  })

  it('still goes back after its end, and the trail says it ended by time', async () => {
    const jwt = await switchedAt(SWITCHED_AT)
    const before = await lastId()
    const back = await api.call(switchBackEndpoint, {}, { token: jwt, nowMs: SWITCHED_AT + 61 * MINUTE })
    expect(back.httpStatus, back.messages.join(' ')).toBe(200)
    const data = back.data
    expect(data.user).toMatchObject({ id: staff.userId, switched_by: null })
    expect((await carpenterInfo(data.jwt, SWITCHED_AT + 62 * MINUTE)).httpStatus).toBe(200)
    const [row] = await trailAfter(before)
    expect(row).toMatchObject({ action: 'session.switch-back', actor_user_id: staff.userId, acting_as_user_id: carpenter.userId })
    expect(row!.details).toEqual({ ended: 'time', minutes: 60, actor_user_id: staff.userId, target_user_id: carpenter.userId, target: carpenter.username })
    const audited = await api.database.db.select().from(auditLog).where(eq(auditLog.action, 'switch_back'))
    expect(audited.at(-1)?.details).toMatchObject({ ended: 'time', minutes: 60 })
  })

  it('says a switch ended by hand before its time', async () => {
    const jwt = await switchedAt(SWITCHED_AT)
    const before = await lastId()
    expect((await api.call(switchBackEndpoint, {}, { token: jwt, nowMs: SWITCHED_AT + 10 * MINUTE })).httpStatus).toBe(200)
    const [row] = await trailAfter(before)
    expect(row!.details).toMatchObject({ ended: 'back' })
  })

  it('never gains: an ended switch whose real person was deactivated cannot go back either', async () => {
    const jwt = await switchedAt(SWITCHED_AT)
    await api.database.db.update(users).set({ isActive: false }).where(eq(users.id, staff.userId))
    try {
      const back = await api.call(switchBackEndpoint, {}, { token: jwt, nowMs: SWITCHED_AT + 61 * MINUTE })
      expect(back.httpStatus).toBe(401)
      expect(back.messages[0]).toMatch(/^Your session as another user has ended: the account that switched to this user is no longer active/)
    } finally {
      await api.database.db.update(users).set({ isActive: true }).where(eq(users.id, staff.userId))
    }
  })

  it('takes no switched token past its own day, not even for the way back', async () => {
    const jwt = await switchedAt(SWITCHED_AT)
    const nextDay = SWITCHED_AT + 24 * 60 * MINUTE
    expect((await api.call(switchBackEndpoint, {}, { token: jwt, nowMs: nextDay })).httpStatus).toBe(401)
  })
})

describe('a write while switched', () => {
  it('names both people in the trail: the real one as actor, the user switched to as acted as', async () => {
    const jwt = await switchedAt(SWITCHED_AT, dealer.username)
    const before = await lastId()
    const created = await api.call(addressCreateEndpoint, { cid: dealer.companyId, ...NEW_ADDRESS }, { token: jwt, nowMs: SWITCHED_AT + 30 * MINUTE })
    expect(created.httpStatus, created.messages.join(' ')).toBe(200)
    const [row, ...more] = await trailAfter(before)
    expect(more).toEqual([])
    expect(row).toMatchObject({ action: 'delivery.create', actor_user_id: staff.userId, acting_as_user_id: dealer.userId, company_id: dealer.companyId })
  })
})
