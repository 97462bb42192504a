import { and, asc, count, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSubCompanyEndpoint } from '../../src/contract/company-parent'
import {
  activationLinkEndpoint,
  companyContactsEndpoint,
  contactCreateEndpoint,
  contactDeleteEndpoint,
  contactDetailEndpoint,
  contactEditEndpoint,
  type ContactDetail,
  type ContactEditInput,
  type ContactFields,
} from '../../src/contract/contacts'
import { deliveryListEndpoint } from '../../src/contract/delivery'
import { passwordChangeEndpoint, passwordLinkCheckEndpoint } from '../../src/contract/password'
import { loginEndpoint } from '../../src/contract/session'
import { issueToken } from '../../src/server/auth/token.server'
import { auditLog, companies, mailOutbox, userGroups, userTokens, users } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { startApi, type EndpointOptions, type TestApi } from '../helpers/api'
import { unchecked } from '../helpers/endpoint-call'
import { siblingDealerCompany } from '../helpers/out-of-scope'

// The contacts of a company and a contact's own calls (decision 031): list, create (with its
// activation mail), detail, edit, delete and the activation link; who may call, scope, each
// rule, and that a refusal changes nothing.
let api: TestApi
let staffToken: string
let dealerToken: string
let carpenterToken: string
/** A user of the dealer's company holding only CAN_CREATE_CONTACTS. */
let creator: { id: number; token: string }
let sibling: number
/** A contact of a company beside the dealer's (out of its scope). */
let foreignContact: number

const { staff, dealer, carpenter, industry } = DEMO_ACCOUNTS
const CID = carpenter.companyId

beforeAll(async () => {
  api = await startApi()
  ;[staffToken, dealerToken, carpenterToken] = await Promise.all([api.loginAs(staff.username), api.loginAs(dealer.username), api.loginAs(carpenter.username)])
  sibling = await siblingDealerCompany(api, dealer.companyId, staff.companyId)
  const { db } = api.database
  const [{ hash } = { hash: '' }] = await db.select({ hash: users.passwordHash }).from(users).limit(1)
  const [row] = await db
    .insert(users)
    .values({ email: 'creator@contacts.example', passwordHash: hash, firstName: 'Carla', lastName: 'Creator', companyId: dealer.companyId })
    .returning({ id: users.id })
  await db.insert(userGroups).values({ userId: row!.id, permission: 'CAN_CREATE_CONTACTS' })
  creator = { id: row!.id, token: await issueToken({ userId: row!.id }) }
  const [other] = await db.select({ id: users.id }).from(users).where(eq(users.companyId, sibling)).orderBy(asc(users.id)).limit(1)
  if (!other) throw new Error('no contact in the sibling company')
  foreignContact = other.id
})
afterAll(() => api.close())

let serial = 0
const uniqueEmail = (stem = 'kontakt') => `${stem}.${(serial += 1)}@contacts.example`
const newContact = (extra: Partial<ContactFields> = {}): ContactFields => ({
  email: uniqueEmail(),
  first_name: 'Jana',
  middle_name: '',
  last_name: 'Kranich',
  language: 'de',
  ...extra,
})

/** Everything a refused call must leave alone. */
async function state(): Promise<string> {
  const { db } = api.database
  const [[u], [g], [m], [a], [t]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(userGroups),
    db.select({ n: count() }).from(mailOutbox),
    db.select({ n: count() }).from(auditLog),
    db.select({ n: count() }).from(userTokens),
  ])
  const rows = await db.select().from(users).orderBy(asc(users.id))
  return JSON.stringify({ counts: [u?.n, g?.n, m?.n, a?.n, t?.n], rows })
}

type Refusal = { httpStatus: number; status: boolean; messages: string[] }

async function expectRefused<R extends Refusal>(status: number, send: () => Promise<R>): Promise<R> {
  const before = await state()
  const result = await send()
  expect(result.httpStatus, result.messages.join(' ')).toBe(status)
  expect(result.status).toBe(false)
  expect(await state()).toBe(before)
  return result
}

async function create(companyId: number, body: Partial<ContactFields> = {}, token = dealerToken) {
  const result = await api.call(contactCreateEndpoint, { id: companyId, ...newContact(body) }, { token })
  expect(result.httpStatus, result.messages.join(' ')).toBe(200)
  return result.data
}

async function detail(id: number, token = dealerToken): Promise<ContactDetail> {
  const result = await api.call(contactDetailEndpoint, { id }, { token })
  expect(result.httpStatus, result.messages.join(' ')).toBe(200)
  return result.data
}

/** The detail (as staff reads it) sent back with the changes, by the dealer unless told. */
async function edit(id: number, changes: Partial<ContactEditInput>, options: EndpointOptions = {}) {
  return api.call(contactEditEndpoint, { ...(await detail(id, staffToken)), ...changes, id }, { token: dealerToken, ...options })
}

async function userRow(id: number) {
  const [row] = await api.database.db.select().from(users).where(eq(users.id, id))
  return row
}

async function lastAudit(action: string, entityId: number) {
  const [entry] = await api.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.id))
    .limit(1)
  return entry
}

async function lastMail(to: string) {
  const [row] = await api.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(desc(mailOutbox.id)).limit(1)
  return row
}

function tokenOf(link: string): string {
  const found = /\/account\/password\/change\/([A-Za-z0-9_-]{43})$/.exec(link)
  if (!found) throw new Error(`no token in ${link}`)
  return found[1]!
}

/** A new company below the dealer's, with no contacts yet. */
async function emptyCompany(name: string): Promise<number> {
  const result = await api.call(
    createSubCompanyEndpoint,
    { cid: dealer.companyId, name1: name, address1: 'Lindenweg 3', zip: '72764', city: 'Reutlingen', country: 'DE' },
    { token: dealerToken },
  )
  expect(result.httpStatus, result.messages.join(' ')).toBe(200)
  return result.data.id
}

const ACCESS = { 401: 'Please log in first.', 403: 'You are not allowed to do this.' }
const OUT_OF_SCOPE = 'You are not allowed to access this contact.'

describe('GET /vue/company/{id}/contacts/', () => {
  it('answers every contact of the company with the spec’s fields', async () => {
    const result = await api.call(companyContactsEndpoint, { id: CID }, { token: dealerToken })
    expect(result.httpStatus, result.messages.join(' ')).toBe(200)
    const data = result.data
    const rows = await api.database.db.select().from(users).where(eq(users.companyId, CID))
    expect(data.contacts.map((contact) => contact.id).sort((a, b) => a - b)).toEqual(rows.map((row) => row.id).sort((a, b) => a - b))
    expect(data.no_of_contacts).toBe(rows.length)
    expect(data.company[0]).toBe(CID)
    expect(data.contacts.find((contact) => contact.id === carpenter.userId)).toMatchObject({
      email: carpenter.username,
      company: [CID, data.company[1]],
      dealer_admin: false,
      is_active: true,
      active: true,
    })
    const own = (await api.call(companyContactsEndpoint, { id: dealer.companyId }, { token: dealerToken })).data
    expect(own.contacts.find((contact) => contact.id === dealer.userId)).toMatchObject({ dealer_admin: true, is_active: true })
  })

  it('narrows to active or inactive contacts and to a search, and pages', async () => {
    const inactive = await create(CID, { first_name: 'Ruhend' })
    expect((await edit(inactive.id, { is_active: false })).httpStatus).toBe(200)
    const active = (await api.call(companyContactsEndpoint, { id: CID, active: '1' }, { token: dealerToken })).data
    const asleep = (await api.call(companyContactsEndpoint, { id: CID, active: '0' }, { token: dealerToken })).data
    expect(active.contacts.every((contact) => contact.is_active)).toBe(true)
    expect(asleep.contacts.map((contact) => contact.id)).toContain(inactive.id)
    expect(asleep.contacts.every((contact) => !contact.is_active)).toBe(true)
    const found = (await api.call(companyContactsEndpoint, { id: CID, search: 'ruhend' }, { token: dealerToken })).data
    expect(found.contacts.map((contact) => contact.id)).toEqual([inactive.id])
    const paged = (await api.call(companyContactsEndpoint, { id: CID, page: 1, number_per_page: 1 }, { token: dealerToken })).data
    expect(paged.contacts).toHaveLength(1)
    expect(paged.pages).toBe(paged.no_of_contacts)
  })

  it('refuses no token (401), a caller without IS_DEALER_ADMIN (403) and a company outside the scope (403)', async () => {
    const anonymous = await api.call(companyContactsEndpoint, { id: CID })
    expect([anonymous.httpStatus, anonymous.messages]).toEqual([401, [ACCESS[401]]])
    for (const token of [carpenterToken, creator.token]) {
      const refused = await api.call(companyContactsEndpoint, { id: CID }, { token })
      expect([refused.httpStatus, refused.messages]).toEqual([403, [ACCESS[403]]])
    }
    for (const target of [sibling, staff.companyId, 999_999]) {
      const refused = await api.call(companyContactsEndpoint, { id: target }, { token: dealerToken })
      expect([refused.httpStatus, refused.messages], `${target}`).toEqual([403, ['You are not allowed to access this company.']])
    }
    const german = await api.call(companyContactsEndpoint, { id: CID }, { token: carpenterToken, locale: 'de' })
    expect(german.messages).not.toEqual([ACCESS[403]])
    const unknown = await api.call(companyContactsEndpoint, { id: 999_999 }, { token: staffToken })
    expect(unknown.httpStatus).toBe(404)
  })

  it('refuses bad query values with 400', async () => {
    for (const query of [{ active: '2' }, { page: 0 }, { number_per_page: 100000 }, { search: 'x'.repeat(300) }, { search: '\0' }]) {
      expect((await api.call(companyContactsEndpoint, unchecked({ id: CID, ...query }), { token: dealerToken })).httpStatus, JSON.stringify(query)).toBe(400)
    }
  })
})

describe('POST /vue/company/{id}/create/contact/', () => {
  it('creates the contact, mails its activation link through the outbox and answers it, audited', async () => {
    const email = uniqueEmail('Neu')
    const result = await api.call(
      contactCreateEndpoint,
      {
        id: CID,
        email: `  ${email.toUpperCase()} `,
        first_name: ' Jana ',
        middle_name: 'Maria',
        last_name: 'Kranich',
        language: 'en',
        dealer_admin: false,
        opt_out: true,
      },
      { token: dealerToken },
    )
    expect(result.httpStatus, result.messages.join(' ')).toBe(200)
    const data = result.data
    expect(data).toEqual({ id: data.id, contact: [data.id, 'Jana Maria Kranich'], act_link: data.act_link })
    expect(data.act_link).toMatch(/^http:\/\/localhost\/account\/password\/change\/[A-Za-z0-9_-]{43}$/)
    expect(await userRow(data.id)).toMatchObject({
      email: email.toLowerCase(),
      firstName: 'Jana',
      middleName: 'Maria',
      lastName: 'Kranich',
      language: 'en',
      companyId: CID,
      dealerAdmin: false,
      optOut: true,
      isActive: true,
    })
    const mail = await lastMail(email.toLowerCase())
    expect(mail?.textBody).toContain(data.act_link)
    expect(mail?.status).toBe('pending')
    expect(await lastAudit('create_contact', data.id)).toMatchObject({
      actorUserId: dealer.userId,
      actingAsUserId: null,
      entity: 'user',
      details: { company: CID },
    })
    // The activation link works: the password screen accepts it.
    const check = await api.call(passwordLinkCheckEndpoint, { token: tokenOf(data.act_link) })
    expect(check.httpStatus, check.messages.join(' ')).toBe(200)
  })

  it('without dealer_admin and opt_out makes neither (their documented default: false)', async () => {
    const result = await api.call(contactCreateEndpoint, { id: CID, email: uniqueEmail('knapp'), first_name: 'Knapp' }, { token: dealerToken })
    expect(result.httpStatus, result.messages.join(' ')).toBe(200)
    const created = result.data
    expect(await userRow(created.id)).toMatchObject({ dealerAdmin: false, optOut: false, language: 'de', middleName: '', lastName: '' })
  })

  it('makes a dealer admin when a dealer admin asks (flag and group)', async () => {
    const created = await create(CID, { dealer_admin: true })
    expect(await userRow(created.id)).toMatchObject({ dealerAdmin: true })
    const groups = await api.database.db.select().from(userGroups).where(eq(userGroups.userId, created.id))
    expect(groups.map((group) => group.permission)).toEqual(['IS_DEALER_ADMIN'])
    expect((await detail(created.id)).dealer_admin).toBe(true)
  })

  it('takes the fields as a form (urlencoded and multipart)', async () => {
    // An urlencoded body is bytes no contract call makes: sent as they are.
    const urlencoded = await api.request('POST', `/vue/company/${CID}/create/contact/`, {
      token: dealerToken,
      rawBody: new URLSearchParams({ email: uniqueEmail('form'), first_name: 'Formular', dealer_admin: 'on' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(urlencoded.httpStatus, urlencoded.messages.join(' ')).toBe(200)
    expect(await userRow(contactCreateEndpoint.data.parse(urlencoded.data).id)).toMatchObject({ firstName: 'Formular', dealerAdmin: true })
    const form = new FormData()
    form.set('email', uniqueEmail('multipart'))
    form.set('first_name', 'Multipart')
    const multipart = await api.upload(contactCreateEndpoint, { id: CID }, { form }, { token: dealerToken })
    expect(multipart.httpStatus, multipart.messages.join(' ')).toBe(200)
  })

  it('lets a user with only CAN_CREATE_CONTACTS create contacts of its own company, but never a dealer admin', async () => {
    const plain = await create(dealer.companyId, {}, creator.token)
    expect(await lastAudit('create_contact', plain.id)).toMatchObject({ actorUserId: creator.id })
    for (const locale of ['en', 'de'] as const) {
      const refused = await expectRefused(403, () =>
        api.call(contactCreateEndpoint, { id: dealer.companyId, ...newContact({ dealer_admin: true }) }, { token: creator.token, locale }),
      )
      expect(refused.messages).toEqual([
        locale === 'en' ? 'Only a dealer admin can make others dealer admins.' : 'Nur ein Händler-Admin kann andere zu Händler-Admins machen.',
      ])
    }
    // Not below its company: without IS_DEALER_ADMIN its scope is its own company.
    await expectRefused(403, () => api.call(contactCreateEndpoint, { id: CID, ...newContact() }, { token: creator.token }))
  })

  it('answers the same create sent again (a double click) with that contact and a new link; a changed or foreign repeat is 409', async () => {
    const body = newContact({ first_name: 'Doppelt' })
    const first = await create(CID, body)
    const again = await api.call(contactCreateEndpoint, { id: CID, ...body }, { token: dealerToken })
    expect(again.httpStatus, again.messages.join(' ')).toBe(200)
    const repeated = again.data
    expect(repeated.id).toBe(first.id)
    expect(repeated.act_link).not.toBe(first.act_link)
    expect(await api.database.db.$count(users, eq(users.email, body.email))).toBe(1)
    expect((await lastMail(body.email))?.textBody).toContain(repeated.act_link)
    expect((await api.call(passwordLinkCheckEndpoint, { token: tokenOf(first.act_link) })).httpStatus).toBe(400)
    expect((await api.call(passwordLinkCheckEndpoint, { token: tokenOf(repeated.act_link) })).httpStatus).toBe(200)
    expect(await lastAudit('create_contact', first.id)).toMatchObject({ actorUserId: dealer.userId, details: { repeated: true } })
    // Not the same fields, not the same person: another contact.
    await expectRefused(409, () => api.call(contactCreateEndpoint, { id: CID, ...body, last_name: 'Anders' }, { token: dealerToken }))
    await expectRefused(409, () => api.call(contactCreateEndpoint, { id: CID, ...body }, { token: staffToken }))
  })

  it('refuses an e-mail already used by another contact (any case) with 409, nothing created', async () => {
    for (const locale of ['en', 'de'] as const) {
      const refused = await expectRefused(409, () =>
        api.call(contactCreateEndpoint, { id: CID, ...newContact({ email: ' Carpenter@Demo.Example ' }) }, { token: dealerToken, locale }),
      )
      expect(refused.messages).toEqual([
        locale === 'en'
          ? `The e-mail address ${carpenter.username} already belongs to another contact.`
          : `Die E-Mail-Adresse ${carpenter.username} gehört schon zu einem anderen Kontakt.`,
      ])
    }
  })

  it('requires a valid e-mail and first_name; refuses NUL bytes, huge and wrong values with 400, nothing created', async () => {
    for (const extra of [
      { email: undefined },
      { email: '' },
      { email: 'kein-at' },
      { email: 'a@b' },
      { email: `${'a'.repeat(300)}@example.com` },
      { first_name: undefined },
      { first_name: '   ' },
      { first_name: 'x'.repeat(81) },
      { last_name: 'y'.repeat(100_000) },
      { first_name: 'Ja\0na' },
      { email: 'nul\0@contacts.example' },
      { language: 'fr' },
      { dealer_admin: 'vielleicht' },
      { opt_out: 3 },
    ]) {
      const refused = await expectRefused(400, () => api.call(contactCreateEndpoint, unchecked({ id: CID, ...newContact(), ...extra }), { token: dealerToken }))
      expect(refused.messages.length, JSON.stringify(extra).slice(0, 60)).toBeGreaterThan(0)
    }
    const english = await expectRefused(400, () => api.call(contactCreateEndpoint, unchecked({ id: CID }), { token: dealerToken }))
    const german = await expectRefused(400, () => api.call(contactCreateEndpoint, unchecked({ id: CID }), { token: dealerToken, locale: 'de' }))
    expect(english.messages).toHaveLength(2)
    expect(german.messages).toHaveLength(2)
    expect(german.messages.join(' ')).toMatch(/Pflichtfeld/)
    // A body of another type and broken JSON: the bytes are the point.
    const raw = (rawBody: string, type: string) =>
      api.request('POST', `/vue/company/${CID}/create/contact/`, { token: dealerToken, rawBody, headers: { 'content-type': type } })
    await expectRefused(415, () => raw(JSON.stringify(newContact()), 'text/plain'))
    await expectRefused(400, () => raw('{"email"', 'application/json'))
  })

  it('refuses no token (401), a caller without CAN_CREATE_CONTACTS (403) and a foreign company (403)', async () => {
    const anonymous = await expectRefused(401, () => api.call(contactCreateEndpoint, { id: CID, ...newContact() }))
    expect(anonymous.messages).toEqual([ACCESS[401]])
    const carpenterRefused = await expectRefused(403, () => api.call(contactCreateEndpoint, { id: CID, ...newContact() }, { token: carpenterToken }))
    expect(carpenterRefused.messages).toEqual([ACCESS[403]])
    for (const target of [sibling, staff.companyId, 999_999]) {
      const refused = await expectRefused(403, () => api.call(contactCreateEndpoint, { id: target, ...newContact() }, { token: dealerToken }))
      expect(refused.messages).toEqual(['You are not allowed to access this company.'])
    }
  })
})

describe('GET /vue/contact/{id}/detail/', () => {
  it('answers the contact with its company, parent_choices within the scope, actLink and is_self', async () => {
    const data = await detail(carpenter.userId)
    const [company] = await api.database.db.select({ name1: companies.name1 }).from(companies).where(eq(companies.id, CID))
    expect(data).toMatchObject({
      id: carpenter.userId,
      email: carpenter.username,
      company: [CID, company!.name1],
      dealer_admin: false,
      is_active: true,
      active: true,
      actLink: null,
      is_self: false,
    })
    const choices = data.parent_choices.map(([id]) => id)
    expect(choices[0]).toBe(dealer.companyId)
    expect(choices).toContain(CID)
    expect(choices).not.toContain(sibling)
    expect(choices).not.toContain(staff.companyId)
    expect((await detail(dealer.userId)).is_self).toBe(true)
  })

  it('refuses no token (401), a caller without IS_DEALER_ADMIN (403), a contact outside the scope (403)', async () => {
    expect((await api.call(contactDetailEndpoint, { id: carpenter.userId })).httpStatus).toBe(401)
    const refused = await api.call(contactDetailEndpoint, { id: carpenter.userId }, { token: carpenterToken })
    expect([refused.httpStatus, refused.messages]).toEqual([403, [ACCESS[403]]])
    for (const id of [foreignContact, staff.userId, 2_000_000]) {
      const outside = await api.call(contactDetailEndpoint, { id }, { token: dealerToken })
      expect([outside.httpStatus, outside.messages], `${id}`).toEqual([403, [OUT_OF_SCOPE]])
    }
    const german = await api.call(contactDetailEndpoint, { id: foreignContact }, { token: dealerToken, locale: 'de' })
    expect(german.messages).toEqual(['Sie dürfen auf diesen Kontakt nicht zugreifen.'])
    const unknown = await api.call(contactDetailEndpoint, { id: 2_000_000 }, { token: staffToken })
    expect([unknown.httpStatus, unknown.messages]).toEqual([404, ['This contact does not exist.']])
    // Malformed ids written into the URL, as a client might.
    for (const id of ['abc', '0', '-3', '99999999999']) {
      expect((await api.request('GET', `/vue/contact/${id}/detail/`, { token: dealerToken })).httpStatus, id).toBe(400)
    }
  })
})

describe('POST /vue/contact/{id}/edit/', () => {
  it('changes the contact’s fields (the detail sent back with changes), audited', async () => {
    const created = await create(CID)
    const result = await edit(created.id, { last_name: 'Kranich-Berg', language: 'en', opt_out: true, email: ' Neu.Adresse@Contacts.Example ' })
    expect(result.httpStatus, result.messages.join(' ')).toBe(200)
    const data = result.data
    expect(data.changed.sort()).toEqual(['email', 'language', 'last_name', 'opt_out'])
    expect(data.contact).toMatchObject({ id: created.id, last_name: 'Kranich-Berg', language: 'en', opt_out: true, email: 'neu.adresse@contacts.example' })
    expect(await userRow(created.id)).toMatchObject({ lastName: 'Kranich-Berg', language: 'en', optOut: true, email: 'neu.adresse@contacts.example' })
    expect(await lastAudit('edit_contact', created.id)).toMatchObject({ actorUserId: dealer.userId, entity: 'user' })
    // Unchanged: nothing written.
    const again = await edit(created.id, {})
    expect(again.data.changed).toEqual([])
  })

  it('keeps every field a minimal edit leaves out (only email and first_name sent)', async () => {
    const created = await create(CID, { middle_name: 'Maria', last_name: 'Lindner', language: 'en', opt_out: true, dealer_admin: true })
    const before = await userRow(created.id)
    expect(before).toMatchObject({ middleName: 'Maria', lastName: 'Lindner', language: 'en', optOut: true, dealerAdmin: true })
    const result = await api.call(contactEditEndpoint, { id: created.id, email: before!.email, first_name: 'Renate' }, { token: dealerToken })
    expect(result.httpStatus, result.messages.join(' ')).toBe(200)
    expect(result.data.changed).toEqual(['first_name'])
    expect(await userRow(created.id)).toMatchObject({
      firstName: 'Renate',
      middleName: 'Maria',
      lastName: 'Lindner',
      language: 'en',
      optOut: true,
      dealerAdmin: true,
      isActive: true,
    })
    // A minimal edit of oneself, the company's dealer admin, changes nothing (it was a 409: "demoted").
    const self = await detail(dealer.userId)
    const unchanged = await api.call(contactEditEndpoint, { id: dealer.userId, email: self.email, first_name: self.first_name }, { token: dealerToken })
    expect(unchanged.httpStatus, unchanged.messages.join(' ')).toBe(200)
    expect(unchanged.data.changed).toEqual([])
    expect(await userRow(dealer.userId)).toMatchObject({ dealerAdmin: true })
  })

  it('moves a contact to a company of parent_choices (as id or as pair), never outside the scope', async () => {
    const created = await create(CID)
    const target = industry.companyId
    expect((await detail(created.id)).parent_choices.map(([id]) => id)).toContain(target)
    const moved = await edit(created.id, { company: target })
    expect(moved.httpStatus, moved.messages.join(' ')).toBe(200)
    expect(moved.data.contact.company[0]).toBe(target)
    expect(await userRow(created.id)).toMatchObject({ companyId: target })
    const back = await edit(created.id, { company: [CID, 'Name'] })
    expect(back.httpStatus, back.messages.join(' ')).toBe(200)
    expect(await userRow(created.id)).toMatchObject({ companyId: CID })
    for (const outside of [sibling, staff.companyId]) {
      const refused = await expectRefused(403, async () => edit(created.id, { company: outside }))
      expect(refused.messages).toEqual(['You are not allowed to access this company.'])
    }
  })

  it('grants dealer_admin with the group and takes both away again', async () => {
    const created = await create(CID)
    expect((await edit(created.id, { dealer_admin: true })).httpStatus).toBe(200)
    expect((await api.database.db.select().from(userGroups).where(eq(userGroups.userId, created.id))).map((group) => group.permission)).toContain(
      'IS_DEALER_ADMIN',
    )
    // The carpenter's company now has two dealer admins (this one and a second), so one may go.
    const second = await create(CID, { dealer_admin: true })
    expect((await edit(created.id, { dealer_admin: false })).httpStatus).toBe(200)
    expect(await userRow(created.id)).toMatchObject({ dealerAdmin: false })
    expect((await api.database.db.select().from(userGroups).where(eq(userGroups.userId, created.id))).map((group) => group.permission)).not.toContain(
      'IS_DEALER_ADMIN',
    )
    expect(second.id).toBeGreaterThan(created.id)
  })

  it('refuses an e-mail already used by another contact with 409, changing nothing', async () => {
    const created = await create(CID)
    const refused = await expectRefused(409, async () => edit(created.id, { email: 'DEALER@demo.example' }, { locale: 'de' }))
    expect(refused.messages).toEqual([`Die E-Mail-Adresse ${dealer.username} gehört schon zu einem anderen Kontakt.`])
  })

  it('refuses the caller deactivating, un-flagging or moving themselves with 409', async () => {
    for (const change of [{ is_active: false }, { dealer_admin: false }, { company: CID }]) {
      const refused = await expectRefused(409, async () => edit(dealer.userId, change))
      expect(refused.messages).toEqual(['You cannot deactivate yourself, take away your own dealer admin role or move yourself to another company.'])
    }
  })

  it('refuses bad fields with 400 in the caller’s language, changing nothing', async () => {
    const created = await create(CID)
    const base = await detail(created.id)
    for (const change of [
      { email: 'kein-at' },
      { email: '' },
      { first_name: '' },
      { first_name: 'x'.repeat(500) },
      { last_name: 'a\0b' },
      { language: 'xx' },
      { company: 'abc' },
      { company: [CID] },
      { is_active: 'perhaps' },
    ]) {
      const refused = await expectRefused(400, () => api.call(contactEditEndpoint, unchecked({ ...base, ...change, id: created.id }), { token: dealerToken }))
      expect(refused.messages.length, JSON.stringify(change)).toBeGreaterThan(0)
    }
    const german = await expectRefused(400, () => api.call(contactEditEndpoint, unchecked({ id: created.id }), { token: dealerToken, locale: 'de' }))
    expect(german.messages.join(' ')).toMatch(/Pflichtfeld/)
    // A body of another type: the bytes are the point.
    await expectRefused(415, () =>
      api.request('POST', `/vue/contact/${created.id}/edit/`, { token: dealerToken, rawBody: JSON.stringify(base), headers: { 'content-type': 'text/plain' } }),
    )
  })

  it('refuses no token (401), a caller without IS_DEALER_ADMIN (403), a contact outside the scope (403)', async () => {
    const body = await detail(carpenter.userId)
    await expectRefused(401, () => api.call(contactEditEndpoint, { ...body, id: carpenter.userId }))
    await expectRefused(403, () => api.call(contactEditEndpoint, { ...body, id: carpenter.userId, last_name: 'Selbst' }, { token: carpenterToken }))
    await expectRefused(403, () => api.call(contactEditEndpoint, { ...body, id: carpenter.userId, last_name: 'X' }, { token: creator.token }))
    const foreign = await detail(foreignContact, staffToken)
    const refused = await expectRefused(403, () =>
      api.call(contactEditEndpoint, { ...foreign, id: foreignContact, last_name: 'Übernommen' }, { token: dealerToken }),
    )
    expect(refused.messages).toEqual([OUT_OF_SCOPE])
  })

  it('records the real actor while switched: staff acting as the dealer', async () => {
    const created = await create(CID)
    const switched = await api.switchTo(dealer, { by: staffToken })
    const result = await edit(created.id, { middle_name: 'Im Auftrag' }, { token: switched.token })
    expect(result.httpStatus, result.messages.join(' ')).toBe(200)
    expect(await lastAudit('edit_contact', created.id)).toMatchObject({ actorUserId: staff.userId, actingAsUserId: dealer.userId })
  })
})

describe('the last active dealer admin of a company', () => {
  it('cannot be deleted, un-flagged, deactivated or moved away (409); with a second one it can', async () => {
    const company = await emptyCompany('Zwei Admins GmbH')
    const first = await create(company, { dealer_admin: true })
    for (const change of [{ dealer_admin: false }, { is_active: false }, { company: CID }]) {
      const refused = await expectRefused(409, async () => edit(first.id, change))
      expect(refused.messages).toEqual(['This is the last active dealer admin of the company. Make another contact dealer admin first.'])
    }
    const deleted = await expectRefused(409, () => api.call(contactDeleteEndpoint, { id: first.id }, { token: dealerToken, locale: 'de' }))
    expect(deleted.messages).toEqual(['Das ist der letzte aktive Händler-Admin des Unternehmens. Machen Sie zuerst einen anderen Kontakt zum Händler-Admin.'])
    const second = await create(company, { dealer_admin: true })
    expect((await edit(first.id, { dealer_admin: false })).httpStatus).toBe(200)
    await expectRefused(409, () => api.call(contactDeleteEndpoint, { id: second.id }, { token: dealerToken }))
    // Non-admin contacts go freely.
    expect((await api.call(contactDeleteEndpoint, { id: first.id }, { token: dealerToken })).httpStatus).toBe(200)
  })

  it('stays one when both admins are un-flagged at the same time', async () => {
    const company = await emptyCompany('Gleichzeitig KG')
    const a = await create(company, { dealer_admin: true })
    const b = await create(company, { dealer_admin: true })
    const [bodyA, bodyB] = await Promise.all([detail(a.id), detail(b.id)])
    const answers = await Promise.all([
      api.call(contactEditEndpoint, { ...bodyA, id: a.id, dealer_admin: false }, { token: dealerToken }),
      api.call(contactEditEndpoint, { ...bodyB, id: b.id, dealer_admin: false }, { token: dealerToken }),
    ])
    expect(answers.map((answer) => answer.httpStatus).sort()).toEqual([200, 409])
    const admins = await api.database.db.$count(users, and(eq(users.companyId, company), eq(users.dealerAdmin, true), eq(users.isActive, true)))
    expect(admins).toBe(1)
  })
})

describe('DELETE /vue/contact/{id}/delete/', () => {
  it('deletes the contact, audited; its token stops working at once', async () => {
    const created = await create(CID)
    const token = await issueToken({ userId: created.id })
    expect((await api.call(deliveryListEndpoint, { id: CID }, { token })).httpStatus).toBe(200)
    const result = await api.call(contactDeleteEndpoint, { id: created.id }, { token: dealerToken })
    expect(result.httpStatus, result.messages.join(' ')).toBe(200)
    const data = result.data
    expect(data.id).toBe(created.id)
    expect(await userRow(created.id)).toBeUndefined()
    expect(await lastAudit('delete_contact', created.id)).toMatchObject({
      actorUserId: dealer.userId,
      entity: 'user',
      details: { email: data.email, company: CID },
    })
    const after = await api.call(deliveryListEndpoint, { id: CID }, { token })
    expect(after.httpStatus).toBe(401)
    expect((await api.call(contactDetailEndpoint, { id: created.id }, { token: staffToken })).httpStatus).toBe(404)
  })

  it('ends a deactivated contact’s sessions at once too', async () => {
    const created = await create(CID)
    const token = await issueToken({ userId: created.id })
    expect((await api.call(deliveryListEndpoint, { id: CID }, { token })).httpStatus).toBe(200)
    expect((await edit(created.id, { is_active: false })).httpStatus).toBe(200)
    expect((await api.call(deliveryListEndpoint, { id: CID }, { token })).httpStatus).toBe(401)
  })

  it('refuses deleting yourself with 409 in the caller’s language', async () => {
    for (const locale of ['en', 'de'] as const) {
      const refused = await expectRefused(409, () => api.call(contactDeleteEndpoint, { id: dealer.userId }, { token: dealerToken, locale }))
      expect(refused.messages).toEqual([locale === 'en' ? 'You cannot delete yourself.' : 'Sie können sich nicht selbst löschen.'])
    }
    // Switched to the dealer, staff cannot delete themselves either (their company is above the dealer's: 403).
    const switched = await api.switchTo(dealer, { by: staffToken })
    await expectRefused(403, () => api.call(contactDeleteEndpoint, { id: staff.userId }, { token: switched.token }))
    await expectRefused(409, () => api.call(contactDeleteEndpoint, { id: dealer.userId }, { token: switched.token }))
  })

  it('refuses no token (401), a caller without IS_DEALER_ADMIN (403), a contact outside the scope (403)', async () => {
    await expectRefused(401, () => api.call(contactDeleteEndpoint, { id: carpenter.userId }))
    await expectRefused(403, () => api.call(contactDeleteEndpoint, { id: carpenter.userId }, { token: carpenterToken }))
    await expectRefused(403, () => api.call(contactDeleteEndpoint, { id: carpenter.userId }, { token: creator.token }))
    for (const id of [foreignContact, staff.userId, 2_000_000]) {
      const refused = await expectRefused(403, () => api.call(contactDeleteEndpoint, { id }, { token: dealerToken }))
      expect(refused.messages).toEqual([OUT_OF_SCOPE])
    }
    await expectRefused(404, () => api.call(contactDeleteEndpoint, { id: 2_000_000 }, { token: staffToken }))
    // A malformed id written into the URL.
    await expectRefused(400, () => api.request('DELETE', '/vue/contact/x/delete/', { token: dealerToken }))
  })
})

describe('GET /vue/contact/{id}/activation-link/', () => {
  it('answers a new link that voids the older one (and the mailed one); the newest sets the password', async () => {
    const created = await create(CID)
    const mailed = tokenOf(created.act_link)
    const first = await api.call(activationLinkEndpoint, { id: created.id }, { token: dealerToken })
    expect(first.httpStatus, first.messages.join(' ')).toBe(200)
    const firstData = first.data
    expect(Object.keys(firstData).sort()).toEqual(['act_link', 'valid_until'])
    expect(new Date(firstData.valid_until).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000)
    const second = (await api.call(activationLinkEndpoint, { id: created.id }, { token: dealerToken })).data
    expect(second.act_link).not.toBe(firstData.act_link)
    for (const voided of [mailed, tokenOf(firstData.act_link)]) {
      const check = await api.call(passwordLinkCheckEndpoint, { token: voided })
      expect(check.httpStatus).toBe(400)
    }
    const newest = tokenOf(second.act_link)
    expect((await api.call(passwordLinkCheckEndpoint, { token: newest })).httpStatus).toBe(200)
    const password = 'Buchenholz und Dübel 9'
    const changed = await api.call(passwordChangeEndpoint, { token: newest, password, password2: password })
    expect(changed.httpStatus, changed.messages.join(' ')).toBe(200)
    const email = (await userRow(created.id))!.email
    const login = await api.call(loginEndpoint, { username: email, password }, { clientAddress: '10.9.9.9' })
    expect(login.httpStatus, login.messages.join(' ')).toBe(200)
    // Used once: the link is spent.
    expect((await api.call(passwordLinkCheckEndpoint, { token: newest })).httpStatus).toBe(400)
    expect(await lastAudit('activation_link', created.id)).toMatchObject({ actorUserId: dealer.userId, entity: 'user' })
  })

  it('refuses no token (401), a caller without IS_DEALER_ADMIN (403), a contact outside the scope (403)', async () => {
    await expectRefused(401, () => api.call(activationLinkEndpoint, { id: carpenter.userId }))
    await expectRefused(403, () => api.call(activationLinkEndpoint, { id: carpenter.userId }, { token: carpenterToken }))
    for (const id of [foreignContact, staff.userId]) {
      const refused = await expectRefused(403, () => api.call(activationLinkEndpoint, { id }, { token: dealerToken }))
      expect(refused.messages).toEqual([OUT_OF_SCOPE])
    }
    await expectRefused(404, () => api.call(activationLinkEndpoint, { id: 2_000_000 }, { token: staffToken }))
  })

  it('refuses a link for the caller themselves with 409 in the caller’s language', async () => {
    for (const locale of ['en', 'de'] as const) {
      const refused = await expectRefused(409, () => api.call(activationLinkEndpoint, { id: dealer.userId }, { token: dealerToken, locale }))
      expect(refused.messages).toEqual([
        locale === 'en'
          ? 'You cannot fetch an activation link for yourself. Change your password instead.'
          : 'Für sich selbst können Sie keinen Aktivierungslink abrufen. Ändern Sie stattdessen Ihr Passwort.',
      ])
    }
  })
})
