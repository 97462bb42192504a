import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { activity, mailOutbox, userSessions } from '../../src/server/db/schema/index'
import { issueToken } from '../../src/server/auth/token.server'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/seed/demo-accounts'
import {
  endOtherSessionsEndpoint,
  endSessionEndpoint,
  endUserSessionsEndpoint,
  logoutEndpoint,
  signInsEndpoint,
  userSessionsEndpoint,
} from '../../src/contract/user-sessions'
import { loginEndpoint, shopUrlEndpoint, switchUserEndpoint } from '../../src/contract/session'
import { passwordChangeEndpoint, passwordResetEndpoint } from '../../src/contract/password'
import { startApi, type TestApi } from '../helpers/api'
import { unchecked } from '../helpers/endpoint-call'

// Sessions a person can see and end (decision 056): each sign-in is one, its token names it,
// an ended one is refused at once; a password change ends all but the one making it.
let api: TestApi
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

const { staff, dealer, carpenter, industry, translator } = DEMO_ACCOUNTS
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const sessionList = z.object({
  sessions: z.array(z.object({ id: z.string(), created: z.string(), last_seen: z.string(), browser: z.string(), address: z.string(), current: z.boolean() })),
})

let network = 0
async function signIn(username: string, userAgent = FIREFOX): Promise<string> {
  network += 1
  const result = await api.call(
    loginEndpoint,
    { username, password: DEMO_PASSWORD },
    { headers: { 'user-agent': userAgent }, clientAddress: `10.56.${network}.1` },
  )
  expect(result.httpStatus, result.messages.join()).toBe(200)
  return z.object({ jwt: z.string() }).parse(result.data).jwt
}

async function sessionsOf(token: string) {
  const result = await api.call(userSessionsEndpoint, {}, { token })
  expect(result.httpStatus, result.messages.join()).toBe(200)
  return sessionList.parse(result.data).sessions
}

const works = async (token: string) => (await api.call(shopUrlEndpoint, {}, { token })).httpStatus

describe('GET /vue/sessions/', () => {
  it('lists the sign-ins of the caller, newest first, the current one marked, browser and address in words', async () => {
    const first = await signIn(carpenter.username, SAFARI)
    const second = await signIn(carpenter.username, FIREFOX)
    const listed = await sessionsOf(second)
    expect(listed.length).toBeGreaterThanOrEqual(2)
    expect(listed[0]).toMatchObject({ current: true, browser: 'Firefox · Linux', address: `10.56.${network}.1` })
    expect(listed[1]).toMatchObject({ current: false, browser: 'Safari · iOS' })
    expect(listed.filter((row) => row.current)).toHaveLength(1)
    // Each sees the same list, marked from its own side.
    expect((await sessionsOf(first)).find((row) => row.current)?.id).toBe(listed[1]!.id)
    // Nobody else's sessions.
    const other = await sessionsOf(await signIn(industry.username))
    expect(other.map((row) => row.id)).not.toContain(listed[0]!.id)
  })

  it('refuses a call without a token (401)', async () => {
    expect((await api.call(userSessionsEndpoint)).httpStatus).toBe(401)
  })

  it('while switched, lists the sessions of the person who switched, the switch being one of them', async () => {
    const own = await signIn(staff.username)
    const switched = await api.call(switchUserEndpoint, { email: dealer.username, reason: 'Checking the dealer’s view' }, { token: own })
    expect(switched.httpStatus, switched.messages.join()).toBe(200)
    const switchedToken = z.object({ jwt: z.string() }).parse(switched.data).jwt
    const listed = await sessionsOf(switchedToken)
    const ownId = (await sessionsOf(own)).find((row) => row.current)?.id
    expect(listed.find((row) => row.current)?.id).toBe(ownId)
    // Ending the session ends the switch made in it.
    expect((await api.call(endSessionEndpoint, unchecked({ id: ownId }), { token: own })).httpStatus).toBe(200)
    expect(await works(switchedToken)).toBe(401)
  })
})

describe('DELETE /vue/sessions/{id}/', () => {
  it('ends one session: its token is refused at once with a message, the others go on, the trail says so', async () => {
    const phone = await signIn(translator.username, SAFARI)
    const desk = await signIn(translator.username, FIREFOX)
    const phoneId = (await sessionsOf(phone)).find((row) => row.current)!.id
    expect(await works(phone)).toBe(200)
    const ended = await api.call(endSessionEndpoint, { id: phoneId }, { token: desk })
    expect(ended.httpStatus, ended.messages.join()).toBe(200)
    expect(ended.data).toEqual({ ended: 1 })
    const refused = await api.call(shopUrlEndpoint, {}, { token: phone, locale: 'de' })
    expect(refused.httpStatus).toBe(401)
    expect(refused.messages).toEqual(['Diese Sitzung ist beendet (abgemeldet oder in einem anderen Browser beendet). Bitte melden Sie sich erneut an.'])
    expect(await works(desk)).toBe(200)
    expect((await sessionsOf(desk)).map((row) => row.id)).not.toContain(phoneId)
    const [row] = await api.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.action, 'account.session-end'), eq(activity.actorUserId, translator.userId)))
      .orderBy(desc(activity.id))
      .limit(1)
    expect(row).toMatchObject({ outcome: 'done', target: `session ${phoneId.slice(0, 8)}` })
    const [stored] = await api.database.db.select().from(userSessions).where(eq(userSessions.id, phoneId))
    expect(stored).toMatchObject({ endedBy: 'user' })
    expect(stored?.endedAt).toBeInstanceOf(Date)
  })

  it('refuses a malformed id (400), another person’s or an ended session (404), no token (401); nothing ends', async () => {
    const mine = await signIn(industry.username)
    const theirs = await signIn(carpenter.username)
    const theirId = (await sessionsOf(theirs)).find((row) => row.current)!.id
    const malformed = await api.call(endSessionEndpoint, { id: 'not-a-session' }, { token: mine })
    expect(malformed.httpStatus).toBe(400)
    const foreign = await api.call(endSessionEndpoint, { id: theirId }, { token: mine, locale: 'de' })
    expect(foreign.httpStatus).toBe(404)
    expect(foreign.messages).toEqual(['Eine solche offene Sitzung von Ihnen gibt es nicht: Sie ist vielleicht schon beendet.'])
    expect(await works(theirs)).toBe(200)
    expect((await api.call(endSessionEndpoint, { id: theirId })).httpStatus).toBe(401)
    const myId = (await sessionsOf(mine)).find((row) => row.current)!.id
    const other = await signIn(industry.username)
    expect((await api.call(endSessionEndpoint, { id: myId }, { token: other })).httpStatus).toBe(200)
    expect((await api.call(endSessionEndpoint, { id: myId }, { token: other })).httpStatus).toBe(404)
  })
})

describe('POST /vue/sessions/end-others/ and POST /vue/logout/', () => {
  it('ends every other session and keeps the current one; signing out ends the current one', async () => {
    const a = await signIn(dealer.username)
    const b = await signIn(dealer.username)
    const keep = await signIn(dealer.username)
    const ended = await api.call(endOtherSessionsEndpoint, {}, { token: keep })
    expect(ended.httpStatus, ended.messages.join()).toBe(200)
    expect(z.object({ ended: z.number() }).parse(ended.data).ended).toBeGreaterThanOrEqual(2)
    expect([await works(a), await works(b), await works(keep)]).toEqual([401, 401, 200])
    expect((await sessionsOf(keep)).map((row) => row.current)).toEqual([true])
    const out = await api.call(logoutEndpoint, {}, { token: keep })
    expect(out.data).toEqual({ ended: 1 })
    expect(await works(keep)).toBe(401)
  })

  it('refuses both without a token (401); a token from before sessions signs out with nothing to end', async () => {
    expect((await api.call(endOtherSessionsEndpoint)).httpStatus).toBe(401)
    expect((await api.call(logoutEndpoint)).httpStatus).toBe(401)
    const legacy = await issueToken({ userId: industry.userId })
    expect(await works(legacy)).toBe(200)
    expect((await api.call(logoutEndpoint, {}, { token: legacy })).data).toEqual({ ended: 0 })
  })
})

describe('POST /vue/contact/{id}/end-sessions/', () => {
  it('lets staff end every session of a user, recorded with the count; the user signs in again', async () => {
    const one = await signIn(carpenter.username)
    const two = await signIn(carpenter.username, SAFARI)
    const staffToken = await signIn(staff.username)
    const ended = await api.call(endUserSessionsEndpoint, { id: carpenter.userId }, { token: staffToken })
    expect(ended.httpStatus, ended.messages.join()).toBe(200)
    expect(z.object({ ended: z.number() }).parse(ended.data).ended).toBeGreaterThanOrEqual(2)
    expect([await works(one), await works(two)]).toEqual([401, 401])
    expect(await works(await signIn(carpenter.username))).toBe(200)
    const [row] = await api.database.db.select().from(activity).where(eq(activity.action, 'contacts.sessions-end')).orderBy(desc(activity.id)).limit(1)
    expect(row).toMatchObject({ actorUserId: staff.userId, target: carpenter.username, companyId: carpenter.companyId })
  })

  it('refuses no token (401), without MANAGE_USERS (403), an unknown user (404), the caller (409)', async () => {
    const staffToken = await signIn(staff.username)
    expect((await api.call(endUserSessionsEndpoint, { id: carpenter.userId })).httpStatus).toBe(401)
    const dealerToken = await signIn(dealer.username)
    expect((await api.call(endUserSessionsEndpoint, { id: carpenter.userId }, { token: dealerToken })).httpStatus).toBe(403)
    expect(await works(dealerToken)).toBe(200)
    expect((await api.call(endUserSessionsEndpoint, { id: 2000000 }, { token: staffToken })).httpStatus).toBe(404)
    expect((await api.call(endUserSessionsEndpoint, { id: 'abc' }, { token: staffToken })).httpStatus).toBe(400)
    const self = await api.call(endUserSessionsEndpoint, { id: staff.userId }, { token: staffToken })
    expect(self.httpStatus).toBe(409)
    expect(await works(staffToken)).toBe(200)
  })
})

describe('a password change', () => {
  async function resetLink(email: string): Promise<string> {
    network += 1
    const asked = await api.call(passwordResetEndpoint, { email }, { clientAddress: `10.57.${network}.1`, headers: { host: 'localhost:3000' } })
    expect(asked.httpStatus).toBe(200)
    const [mail] = await api.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.id)).limit(1)
    return /\/account\/password\/change\/([A-Za-z0-9_-]{43})\b/.exec(mail!.textBody)![1]!
  }

  it('ends every session of the user but the one making it', async () => {
    const other = await signIn(translator.username)
    const making = await signIn(translator.username)
    const token = await resetLink(translator.username)
    const changed = await api.call(passwordChangeEndpoint, { token, password: 'Ein neues Passwort 1', password2: 'Ein neues Passwort 1' }, { token: making })
    expect(changed.httpStatus, changed.messages.join()).toBe(200)
    expect([await works(other), await works(making)]).toEqual([401, 200])
  })

  it('made without a session (a reset link in a browser signed out) ends them all', async () => {
    const one = await signIn(industry.username)
    const legacy = await issueToken({ userId: industry.userId }, Date.now() - 2000)
    const token = await resetLink(industry.username)
    const changed = await api.call(passwordChangeEndpoint, { token, password: 'Ein neues Passwort 2', password2: 'Ein neues Passwort 2' })
    expect(changed.httpStatus, changed.messages.join()).toBe(200)
    expect([await works(one), await works(legacy)]).toEqual([401, 401])
  })
})

describe('GET /vue/account/sign-ins/', () => {
  it('lists the account’s recent sign-ins, refused ones too, with address and browser', async () => {
    network += 1
    const refused = await api.call(
      loginEndpoint,
      { username: dealer.username, password: 'not the password' },
      { headers: { 'user-agent': SAFARI }, clientAddress: '10.58.0.9' },
    )
    expect(refused.httpStatus).toBe(401)
    const token = await signIn(dealer.username)
    const result = await api.call(signInsEndpoint, {}, { token })
    expect(result.httpStatus).toBe(200)
    const rows = z
      .object({ sign_ins: z.array(z.object({ at: z.string(), outcome: z.string(), address: z.string(), browser: z.string() })) })
      .parse(result.data).sign_ins
    expect(rows[0]).toMatchObject({ outcome: 'done', browser: 'Firefox · Linux' })
    expect(rows[1]).toMatchObject({ outcome: 'refused', address: '10.58.0.9', browser: 'Safari · iOS' })
    expect(rows.length).toBeLessThanOrEqual(20)
    // Only this account's.
    const theirs = await api.call(signInsEndpoint, {}, { token: await signIn(carpenter.username) })
    expect(
      z
        .object({ sign_ins: z.array(z.object({ address: z.string() })) })
        .parse(theirs.data)
        .sign_ins.map((row) => row.address),
    ).not.toContain('10.58.0.9')
    expect((await api.call(signInsEndpoint)).httpStatus).toBe(401)
  })
})
