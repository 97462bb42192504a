import { desc, eq, getTableColumns } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, companies, companyTree, mailOutbox, userTokens, users } from '../../src/server/db/schema/index'
import { passwordLinkCheckEndpoint } from '../../src/contract/password'
import { registerCompanyEndpoint, registerContactEndpoint, registerLinkCheckEndpoint } from '../../src/contract/register'
import { loginEndpoint } from '../../src/contract/session'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { startApi, type EndpointOptions, type TestApi } from '../helpers/api'
import { unchecked } from '../helpers/endpoint-call'

// Registration in two steps (decision 030) against the real
// dispatcher and database: the mailed link, the company below the site's registration parent,
// the login afterwards, and every refusal changing nothing.
let api: TestApi
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

let network = 0
const from = () => `10.8.${(network += 1)}.1`
const PASSWORD = 'Eichenholz und Leim 7'

const contact = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password1: PASSWORD,
  password2: PASSWORD,
  first_name: 'Jana',
  middle_name: '',
  last_name: 'Kranich',
  ...extra,
})

const company = (token: string, extra: Record<string, unknown> = {}) => ({
  token,
  name1: 'Tischlerei Kranich',
  address1: 'Lindenweg 3',
  zip: '72764',
  city: 'Reutlingen',
  country: 'DE',
  phone: '+49 7121 12345',
  company_type: 'C',
  ...extra,
})

// The bodies as the tests give them, also with refused values.
const registerContact = (body: Record<string, unknown>, options: EndpointOptions = {}) => api.call(registerContactEndpoint, unchecked(body), options)
const registerCompany = (body: Record<string, unknown>, options: EndpointOptions = {}) => api.call(registerCompanyEndpoint, unchecked(body), options)

async function lastMail(to: string) {
  const [row] = await api.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(desc(mailOutbox.id)).limit(1)
  return row
}

function registrationToken(text: string): string {
  const found = /\/register-company\/([A-Za-z0-9_-]{43})\b/.exec(text)
  if (!found) throw new Error(`no registration link in: ${text}`)
  return found[1]!
}

async function registerStep1(email: string, locale: 'de' | 'en' = 'de'): Promise<string> {
  const result = await registerContact(contact(email), {
    clientAddress: from(),
    locale,
    headers: { host: 'doors.localhost:3000' },
  })
  expect(result.httpStatus, result.messages.join()).toBe(200)
  return registrationToken((await lastMail(email))!.textBody)
}

describe('POST /vue/register/contact/', () => {
  it('creates the user without a company and mails the link to step 2 in the page’s language, with the site’s branding', async () => {
    const result = await registerContact(contact('Jana@Kranich.example'), {
      clientAddress: from(),
      locale: 'de',
      headers: { host: 'doors.localhost:3000' },
    })
    expect(result.httpStatus, result.messages.join()).toBe(200)
    expect(result.data).toEqual({ email: 'jana@kranich.example' })
    const [user] = await api.database.db.select().from(users).where(eq(users.email, 'jana@kranich.example'))
    expect(user).toMatchObject({ companyId: null, firstName: 'Jana', lastName: 'Kranich', language: 'de' })
    const mail = (await lastMail('jana@kranich.example'))!
    expect(mail.subject).toBe('Hollerbach Türen Portal: Registrierung abschließen')
    expect(mail.textBody).toContain('http://doors.localhost:3000/register-company/')
    expect(mail.textBody).toContain('7 Tage')
    // No session yet: step 1 alone does not log in.
    const login = await api.call(loginEndpoint, { username: 'jana@kranich.example', password: PASSWORD }, { clientAddress: from() })
    expect(login.httpStatus).toBe(401)
  })

  it('answers an address with an account the same, and mails that address instead (nothing created)', async () => {
    const before = await api.database.db.$count(users)
    const result = await registerContact(contact(DEMO_ACCOUNTS.carpenter.username), { clientAddress: from(), locale: 'en' })
    expect(result.httpStatus).toBe(200)
    expect(result.data).toEqual({ email: DEMO_ACCOUNTS.carpenter.username })
    expect(await api.database.db.$count(users)).toBe(before)
    expect((await lastMail(DEMO_ACCOUNTS.carpenter.username))!.subject).toBe('Hollerbach Partner Portal: you already have an account')
  })

  it('refuses each rule with the spec’s words and creates nothing', async () => {
    const before = [await api.database.db.$count(users), await api.database.db.$count(mailOutbox)]
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ password2: '' }, 'The confirm password field is required'],
      [{ password2: undefined }, 'The confirm password field is required'],
      [{ password1: '', password2: '' }, 'Password is a required field.'],
      [{ password2: 'something else 1' }, 'The passwords are not the same'],
      [{ password1: 'short', password2: 'short' }, 'The password must be at least 8 characters long.'],
      [{ password1: 'iloveyou123', password2: 'iloveyou123' }, 'This password is too common'],
      [{ email: 'no-address' }, 'E-mail'],
      [{ first_name: '' }, 'First name is a required field'],
      [{ last_name: '  ' }, 'Last name is a required field'],
      [{ first_name: 'x'.repeat(101) }, 'First name'],
    ]
    for (const [extra, text] of cases) {
      const result = await registerContact(contact('rule@kranich.example', extra), { clientAddress: from(), locale: 'en' })
      expect(result.httpStatus, JSON.stringify(extra)).toBe(400)
      expect(result.messages.join(' '), JSON.stringify(extra)).toContain(text)
    }
    const german = await registerContact(contact('rule@kranich.example', { password2: 'anders' }), {
      clientAddress: from(),
      locale: 'de',
    })
    expect(german.messages).toEqual(['Die Passwörter stimmen nicht überein'])
    expect([await api.database.db.$count(users), await api.database.db.$count(mailOutbox)]).toEqual(before)
  })

  it('throttles repeated registrations of one address', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) statuses.push((await registerContact(contact('flood@kranich.example'), { clientAddress: from() })).httpStatus)
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200])
    expect(statuses.slice(5)).toEqual([429, 429])
  })
})

describe('POST /vue/register/company/', () => {
  it('creates the company below the site’s registration parent; the user logs in; the link is spent', async () => {
    const token = await registerStep1('step2@kranich.example')
    const result = await registerCompany(company(token, { opt_out: true }), {
      locale: 'de',
      headers: { host: 'doors.localhost:3000' },
    })
    expect(result.httpStatus, result.messages.join()).toBe(200)
    const data = result.data
    expect(data.username).toBe('step2@kranich.example')
    const withPlace = () =>
      api.database.db
        .select({ ...getTableColumns(companies), path: companyTree.path, depth: companyTree.depth })
        .from(companies)
        .innerJoin(companyTree, eq(companyTree.companyId, companies.id))
    const [created] = await withPlace().where(eq(companies.id, data.company[0]))
    expect(created).toMatchObject({ name1: 'Tischlerei Kranich', companyType: 'C', city: 'Reutlingen', depth: 1 })
    const [root] = await withPlace().where(eq(companies.id, created!.parentId!))
    expect(root!.parentId).toBeNull()
    expect(created!.path).toBe(`${root!.path}${created!.id}/`)
    const [user] = await api.database.db.select().from(users).where(eq(users.email, 'step2@kranich.example'))
    expect(user).toMatchObject({ companyId: created!.id, optOut: true })
    const [audit] = await api.database.db.select().from(auditLog).where(eq(auditLog.action, 'register_company')).orderBy(desc(auditLog.id)).limit(1)
    expect(audit).toMatchObject({ actorUserId: user!.id, entityId: String(created!.id) })
    const login = await api.call(loginEndpoint, { username: 'step2@kranich.example', password: PASSWORD }, { clientAddress: from() })
    expect(login.httpStatus).toBe(200)
    const again = await registerCompany(company(token), { locale: 'en' })
    expect([again.httpStatus, again.failure]).toEqual([400, expect.objectContaining({ token_problem: 'used' })])
  })

  it('refuses missing required fields, an unknown company type or country, and bad links — creating nothing', async () => {
    const token = await registerStep1('refuse@kranich.example', 'en')
    const before = await api.database.db.$count(companies)
    for (const [extra, text] of [
      [{ name1: '' }, 'Name'],
      [{ address1: ' ' }, 'Street'],
      [{ zip: '' }, 'Postcode'],
      [{ city: '' }, 'City'],
      [{ phone: '' }, 'Phone'],
      [{ country: '' }, 'Country'],
      [{ country: 'XX' }, 'XX'],
      [{ company_type: 'Z' }, 'X, C, D, I, E'],
    ] as Array<[Record<string, unknown>, string]>) {
      const result = await registerCompany(company(token, extra), { locale: 'en' })
      expect(result.httpStatus, JSON.stringify(extra)).toBe(400)
      expect(result.messages.join(' '), JSON.stringify(extra)).toContain(text)
    }
    for (const bad of ['', 'x'.repeat(43), `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`]) {
      const result = await registerCompany(company(bad), { locale: 'de' })
      expect([result.httpStatus, result.failure]).toEqual([400, expect.objectContaining({ token_problem: 'unknown' })])
      expect(result.messages).toEqual(['Dieser Link ist ungültig. Bitte fordern Sie einen neuen an.'])
    }
    const expired = await registerCompany(company(token), { nowMs: Date.now() + 8 * 24 * 3600 * 1000 })
    expect(expired.failure).toMatchObject({ token_problem: 'expired' })
    expect(await api.database.db.$count(companies)).toBe(before)
    // A second step 1 before step 2 voids the first link.
    const newer = await registerStep1('refuse@kranich.example', 'en')
    const old = await registerCompany(company(token))
    expect(old.failure).toMatchObject({ token_problem: 'used' })
    expect((await registerCompany(company(newer))).httpStatus).toBe(200)
    expect(await api.database.db.$count(userTokens)).toBeGreaterThan(0)
  })
})

describe('GET /vue/register/company/?token= and GET /vue/password/change/?token=', () => {
  it('say whether a link still works, change nothing, and name the problem otherwise', async () => {
    const token = await registerStep1('check@kranich.example', 'en')
    const before = await api.database.db.$count(userTokens)
    const ok = await api.call(registerLinkCheckEndpoint, { token })
    expect([ok.httpStatus, ok.data]).toEqual([200, { valid: true }])
    // A registration token is no reset token, and the other way round.
    const wrongKind = await api.call(passwordLinkCheckEndpoint, { token }, { locale: 'de' })
    expect([wrongKind.httpStatus, wrongKind.failure]).toEqual([400, expect.objectContaining({ token_problem: 'unknown' })])
    expect(wrongKind.messages).toEqual(['Dieser Link ist ungültig. Bitte fordern Sie einen neuen an.'])
    const expired = await api.call(registerLinkCheckEndpoint, { token }, { nowMs: Date.now() + 8 * 24 * 3600 * 1000 })
    expect(expired.failure).toMatchObject({ token_problem: 'expired' })
    for (const bad of ['', 'x', '%00', 'a'.repeat(300)]) {
      const refused = await api.request('GET', `/vue/register/company/?token=${bad}`)
      expect(refused.httpStatus, bad).toBe(400)
    }
    expect((await api.call(registerLinkCheckEndpoint, unchecked({}))).httpStatus).toBe(400)
    expect(await api.database.db.$count(userTokens)).toBe(before)
    expect((await registerCompany(company(token))).httpStatus).toBe(200)
    const spent = await api.call(registerLinkCheckEndpoint, { token })
    expect(spent.failure).toMatchObject({ token_problem: 'used' })
  })
})
