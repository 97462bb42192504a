import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, desc, eq } from 'drizzle-orm'
import type { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { auditLog, mailOutbox, userGroups, userTokens, users } from '../../src/server/db/schema/index'
import { MAILS_PER_ADDRESS } from '../../src/server/auth/mail-throttle.server'
import { sendDueMails, startMailSender } from '../../src/server/services/mail/sender.server'
import { createMailTransport } from '../../src/server/services/mail/transport.server'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/seed/demo-accounts'
import { loginEndpoint, shopUrlEndpoint } from '../../src/contract/session'
import { passwordChangeEndpoint, passwordChangeLinkEndpoint, passwordResetEndpoint } from '../../src/contract/password'
import { startApi, type TestApi } from '../helpers/api'
import { unchecked } from '../helpers/endpoint-call'
import { closeListener as close, smtpListener } from '../helpers/smtp'

// Forgot → mail → new password (decision 030), against the real
// dispatcher and database, and a real SMTP listener for the sending.
let api: TestApi
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

const { dealer, carpenter, industry, translator, reviewer } = DEMO_ACCOUNTS
let network = 0
// Each test asks from its own network, so the per-network count does not carry over.
beforeEach(() => {
  network += 1
})
const from = () => `10.9.${network}.1`

async function lastMail(to: string) {
  const [row] = await api.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(desc(mailOutbox.id)).limit(1)
  return row
}

function linkToken(text: string): string {
  const found = /\/account\/password\/change\/([A-Za-z0-9_-]{43})\b/.exec(text)
  if (!found) throw new Error(`no reset link in: ${text}`)
  return found[1]!
}

async function askReset(email: string, locale: 'de' | 'en' = 'en') {
  return api.call(passwordResetEndpoint, { email }, { clientAddress: from(), locale, headers: { host: 'localhost:3000' } })
}

async function resetToken(email: string): Promise<string> {
  const asked = await askReset(email)
  expect(asked.httpStatus, asked.messages.join()).toBe(200)
  return linkToken((await lastMail(email))!.textBody)
}

describe('POST /vue/password/reset/', () => {
  it('writes a mail with a one-hour link in the user’s language; only the token’s hash is stored', async () => {
    const result = await askReset(dealer.username)
    expect(result.httpStatus).toBe(200)
    expect(result.data).toEqual({ email: dealer.username })
    const mail = (await lastMail(dealer.username))!
    expect(mail.status).toBe('pending')
    expect(mail.subject).toBe('Hollerbach Partner Portal: Passwort zurücksetzen')
    expect(mail.textBody).toContain('http://localhost:3000/account/password/change/')
    expect(mail.htmlBody).toContain('Neues Passwort festlegen')
    const token = linkToken(mail.textBody)
    const stored = await api.database.db.select().from(userTokens).orderBy(desc(userTokens.id)).limit(1)
    expect(stored[0]!.tokenHash).not.toContain(token)
    expect(stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()).toBeGreaterThan(59 * 60 * 1000)
  })

  it('answers an unknown address exactly the same, and mails it that there is no account', async () => {
    const tokensBefore = await api.database.db.$count(userTokens)
    const result = await askReset('nobody@nowhere.example')
    expect(result.httpStatus).toBe(200)
    expect(result.data).toEqual({ email: 'nobody@nowhere.example' })
    const mail = (await lastMail('nobody@nowhere.example'))!
    expect(mail.textBody).toContain('there is no account with it')
    expect(await api.database.db.$count(userTokens)).toBe(tokensBefore)
  })

  it('refuses a missing or invalid address in the caller’s language, and writes nothing', async () => {
    const before = await api.database.db.$count(mailOutbox)
    for (const body of [{}, { email: '' }, { email: 'not-an-address' }, { email: 'a'.repeat(300) + '@x.de' }, { email: 42 }]) {
      const result = await api.call(passwordResetEndpoint, unchecked(body), { clientAddress: from(), locale: 'de' })
      expect(result.httpStatus, JSON.stringify(body)).toBe(400)
      expect(result.messages.join(' ')).toMatch(/E-Mail/)
    }
    expect(await api.database.db.$count(mailOutbox)).toBe(before)
  })

  it(`throttles more than ${MAILS_PER_ADDRESS} requests an hour for one address, known or not, with Retry-After`, async () => {
    for (const email of [carpenter.username, 'nobody2@nowhere.example']) {
      for (let i = 0; i < MAILS_PER_ADDRESS; i++) expect((await askReset(email)).httpStatus).toBe(200)
      const refused = await askReset(email, 'de')
      expect(refused.httpStatus).toBe(429)
      expect(refused.messages[0]).toMatch(/^Zu viele Anfragen\. Bitte versuchen Sie es in \d+ Minuten erneut\.$/)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    }
  })
})

describe('POST /vue/password/change/', () => {
  it('refuses the spec’s password problems word for word, in German and English, and changes nothing', async () => {
    const token = await resetToken(industry.username)
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ password: 'long enough 1', password2: '' }, 'Das wiederholte Password ist ein Pflichfeld', 'The confirm password field is required'],
      [{ password: 'long enough 1' }, 'Das wiederholte Password ist ein Pflichfeld', 'The confirm password field is required'],
      [{ password: 'long enough 1', password2: 'long enough 2' }, 'Die Passwörter stimmen nicht überein', 'The passwords are not the same'],
      [{ password: 'short', password2: 'short' }, 'Das Passwort muss mindestens 8 Zeichen lang sein.', 'The password must be at least 8 characters long.'],
      [{ password: 'password123', password2: 'password123' }, 'Dieses Passwort ist zu verbreitet', 'This password is too common'],
    ]
    const before = (await api.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, industry.username)))[0]!.hash
    for (const [body, german, english] of cases) {
      const de = await api.call(passwordChangeEndpoint, unchecked({ token, ...body }), { locale: 'de' })
      expect(de.httpStatus, JSON.stringify(body)).toBe(400)
      expect(de.messages.join(' ')).toContain(german)
      const en = await api.call(passwordChangeEndpoint, unchecked({ token, ...body }), { locale: 'en' })
      expect(en.messages.join(' ')).toContain(english)
    }
    const after = (await api.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, industry.username)))[0]!.hash
    expect(after).toBe(before)
  })

  it('sets the new password once: the old one and the other sessions end, the link is spent', async () => {
    const oldSession = await api.loginAs(industry.username, Date.now() - 5000)
    expect((await api.call(shopUrlEndpoint, {}, { token: oldSession })).httpStatus).toBe(200)
    const token = await resetToken(industry.username)
    const changed = await api.call(passwordChangeEndpoint, { token, password: 'Neues Passwort 2026', password2: 'Neues Passwort 2026' })
    expect(changed.httpStatus, changed.messages.join()).toBe(200)
    expect(changed.data).toEqual({ username: industry.username })
    expect((await api.call(shopUrlEndpoint, {}, { token: oldSession })).httpStatus).toBe(401)
    const oldLogin = await api.call(loginEndpoint, { username: industry.username, password: DEMO_PASSWORD }, { clientAddress: from() })
    expect(oldLogin.httpStatus).toBe(401)
    const newLogin = await api.call(loginEndpoint, { username: industry.username, password: 'Neues Passwort 2026' }, { clientAddress: from() })
    expect(newLogin.httpStatus).toBe(200)
    const again = await api.call(passwordChangeEndpoint, { token, password: 'Noch ein Passwort', password2: 'Noch ein Passwort' }, { locale: 'de' })
    expect(again.httpStatus).toBe(400)
    expect(again.messages).toEqual(['Dieser Link wurde bereits benutzt. Bitte fordern Sie einen neuen an.'])
    expect(again.failure).toMatchObject({ token_problem: 'used' })
  })

  it('refuses an expired, a tampered, an unknown and a replaced link', async () => {
    const token = await resetToken(carpenter.username.replace('@', '+x@')).catch(() => null)
    expect(token).toBeNull() // no such user: no link in that mail
    const first = await resetToken(translator.username)
    const second = await resetToken(translator.username)
    const body = (t: string) => ({ token: t, password: 'Ganz neues Passwort', password2: 'Ganz neues Passwort' })
    const expired = await api.call(passwordChangeEndpoint, body(second), { nowMs: Date.now() + 61 * 60 * 1000 })
    expect([expired.httpStatus, expired.failure]).toEqual([400, expect.objectContaining({ token_problem: 'expired' })])
    const replaced = await api.call(passwordChangeEndpoint, body(first))
    expect([replaced.httpStatus, replaced.failure]).toEqual([400, expect.objectContaining({ token_problem: 'used' })])
    const tampered = await api.call(passwordChangeEndpoint, { ...body(`${second.slice(0, -1)}${second.endsWith('A') ? 'B' : 'A'}`) })
    expect([tampered.httpStatus, tampered.failure]).toEqual([400, expect.objectContaining({ token_problem: 'unknown' })])
    for (const bad of ['', 'x', '../../etc', 'a\u0000b', 'é'.repeat(43)]) {
      const refused = await api.call(passwordChangeEndpoint, body(bad), { locale: 'en' })
      expect(refused.httpStatus, bad).toBe(400)
    }
    const huge = await api.call(passwordChangeEndpoint, { token: second, password: 'x'.repeat(5000), password2: 'x'.repeat(5000) })
    expect(huge.httpStatus).toBe(400)
    // The second link still works after all that.
    const ok = await api.call(passwordChangeEndpoint, body(second))
    expect(ok.httpStatus, ok.messages.join()).toBe(200)
  })
})

describe('the outbox sender', () => {
  it('sends through a real SMTP listener; with the listener down the mail waits and goes out when it is back', async () => {
    const received: string[] = []
    const listen = (port = 0) => smtpListener(received, port)
    const db = api.database.db
    // Only this test's mail is due: the rest of the outbox is marked sent first.
    await db.update(mailOutbox).set({ status: 'sent' })
    await askReset(dealer.username)
    const listener = await listen()
    const transport = createMailTransport(`smtp://127.0.0.1:${listener.port}`, 'Portal <portal@test.example>')
    const port = listener.port
    await close(listener)
    const down = await sendDueMails(db, transport)
    expect(down).toEqual({ sent: 0, failed: 1 })
    const waiting = (await lastMail(dealer.username))!
    expect([waiting.status, waiting.attempts]).toEqual(['pending', 1])
    expect(waiting.lastError).toBeTruthy()
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now())
    expect(await sendDueMails(db, transport)).toEqual({ sent: 0, failed: 0 }) // not due yet
    const back = await listen(port)
    try {
      expect(await sendDueMails(db, transport, Date.now() + 31_000)).toEqual({ sent: 1, failed: 0 })
      expect(received).toHaveLength(1)
      expect(received[0]).toContain('To: dealer@demo.example')
      expect(received[0]).toMatch(/Subject: .*Passwort/)
      expect(received[0]).toContain('/account/password/change/')
      expect((await lastMail(dealer.username))!.status).toBe('sent')
      // Sent once: nothing is due any more.
      expect(await sendDueMails(db, transport, Date.now() + 3_600_000)).toEqual({ sent: 0, failed: 0 })
    } finally {
      transport.close()
      await close(back)
    }
  })

  it('a mail that waited for an unreachable mail server goes within seconds of its return, once', async () => {
    const received: string[] = []
    const listen = (port = 0) => smtpListener(received, port)
    const db = api.database.db
    await db.update(mailOutbox).set({ status: 'sent' })
    // A user no other test here asks for: the mail below is this test's own.
    await askReset(reviewer.username)
    expect((await lastMail(reviewer.username))?.status).toBe('pending')
    const first = await listen()
    const port = first.port
    await close(first)
    const transport = createMailTransport(`smtp://127.0.0.1:${port}`, 'Portal <portal@test.example>')
    const sender = startMailSender(db, transport, { probeMs: 200 })
    let back: (SMTPServer & { port: number }) | undefined
    try {
      // The first round finds the server away: the mail waits (its next try 30 s ahead).
      await expect.poll(async () => (await lastMail(reviewer.username))?.attempts, { timeout: 10_000 }).toBe(1)
      expect((await lastMail(reviewer.username))!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000)
      back = await listen(port)
      const returned = Date.now()
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1)
      expect(Date.now() - returned).toBeLessThan(5_000)
      await expect.poll(async () => (await lastMail(reviewer.username))?.status, { timeout: 5_000 }).toBe('sent')
      // Once: nothing goes again.
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      expect(received).toHaveLength(1)
    } finally {
      await sender.stop()
      if (back) await close(back)
    }
  })

  it('without SMTP writes each mail into the mailbox folder (the .eml and what the mailbox page lists)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailbox-'))
    try {
      const db = api.database.db
      await db.update(mailOutbox).set({ status: 'sent' })
      await askReset(translator.username)
      const transport = createMailTransport(undefined, 'Portal <portal@test.example>', dir)
      expect(await sendDueMails(db, transport)).toEqual({ sent: 1, failed: 0 })
      const files = readdirSync(dir).sort()
      expect(files.map((name) => name.split('.').pop())).toEqual(['eml', 'json'])
      const summary = z.object({ to: z.string(), subject: z.string(), text: z.string() }).parse(JSON.parse(readFileSync(join(dir, files[1]!), 'utf8')))
      expect(summary.to).toBe(translator.username)
      expect(summary.text).toContain('/account/password/change/')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('POST /vue/password/change-link/', () => {
  const ask = (token: string | undefined, email: unknown, locale: 'de' | 'en' = 'en') =>
    api.call(passwordChangeLinkEndpoint, unchecked({ email }), { token, clientAddress: from(), locale })

  it('gives staff a one-time token for the reset screen of any user, recorded with the real actor', async () => {
    const staffToken = await api.loginAs(DEMO_ACCOUNTS.staff.username)
    const result = await ask(staffToken, DEMO_ACCOUNTS.guest.username)
    expect(result.httpStatus, result.messages.join()).toBe(200)
    const { token } = result.data
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // The token opens the reset: a mismatch is about the fields, not the link.
    const tried = await api.call(passwordChangeEndpoint, { token, password: 'Ein neues Passwort', password2: 'anders' })
    expect(tried.httpStatus).toBe(400)
    expect(tried.failure).not.toHaveProperty('token_problem')
    const [audit] = await api.database.db.select().from(auditLog).where(eq(auditLog.action, 'password_change_link')).orderBy(desc(auditLog.id)).limit(1)
    expect(audit).toMatchObject({ entity: 'user' })
  })

  it('401 without a token, 403 without CAN_CHANGE_PASSWORD, 400 for a bad address, 404 unknown', async () => {
    expect((await ask(undefined, dealer.username)).httpStatus).toBe(401)
    expect((await ask(await api.loginAs(carpenter.username), dealer.username)).httpStatus).toBe(403)
    const staffToken = await api.loginAs(DEMO_ACCOUNTS.staff.username)
    expect((await ask(staffToken, 'not-an-address')).httpStatus).toBe(400)
    expect((await ask(staffToken, 42)).httpStatus).toBe(400)
    const unknown = await ask(staffToken, 'nobody@nowhere.example', 'de')
    expect(unknown.httpStatus).toBe(404)
    expect(unknown.messages).toEqual(['Zu nobody@nowhere.example gibt es keinen Benutzer in Ihren Unternehmen.'])
  })

  it('a dealer admin with the group reaches users below its company only; above answers like unknown', async () => {
    const [dealerUser] = await api.database.db.select({ id: users.id }).from(users).where(eq(users.email, dealer.username))
    await api.database.db.insert(userGroups).values({ userId: dealerUser!.id, permission: 'CAN_CHANGE_PASSWORD' })
    try {
      const dealerToken = await api.loginAs(dealer.username)
      expect((await ask(dealerToken, carpenter.username)).httpStatus).toBe(200)
      const above = await ask(dealerToken, DEMO_ACCOUNTS.staff.username)
      expect(above.httpStatus).toBe(404)
    } finally {
      await api.database.db.delete(userGroups).where(and(eq(userGroups.userId, dealerUser!.id), eq(userGroups.permission, 'CAN_CHANGE_PASSWORD')))
    }
  })
})
