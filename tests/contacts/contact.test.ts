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
} from '../../src/contract/contacts'
import { issueToken } from '../../src/server/auth/token.server'
import { auditLog, companies, mailOutbox, userGroups, userTokens, users } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { startApi, type CallOptions, type CallResult, type TestApi } from '../helpers/api'
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

const listPath = (cid: number | string, query = '') => `/vue/company/${cid}/contacts/${query}`
const createPath = (cid: number | string) => `/vue/company/${cid}/create/contact/`
const contactPath = (id: number | string, action: 'detail' | 'edit' | 'delete' | 'activation-link') => `/vue/contact/${id}/${action}/`

type Options = Omit<CallOptions, 'token'> & { token?: string | null }
function call(method: string, path: string, { token = dealerToken, ...options }: Options = {}): Promise<CallResult> {
  return api.request(method, path, { ...options, token: token ?? undefined })
}

let serial = 0
const uniqueEmail = (stem = 'kontakt') => `${stem}.${(serial += 1)}@contacts.example`
const newContact = (extra: Record<string, unknown> = {}) => ({
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

async function expectRefused(status: number, send: () => Promise<CallResult>): Promise<CallResult> {
  const before = await state()
  const result = await send()
  expect(result.httpStatus, result.messages.join(' ')).toBe(status)
  expect(result.status).toBe(false)
  expect(await state()).toBe(before)
  return result
}

async function create(companyId: number, body: Record<string, unknown> = {}, token = dealerToken) {
  const result = await call('POST', createPath(companyId), { token, body: newContact(body) })
  expect(result.httpStatus, result.messages.join(' ')).toBe(200)
  return contactCreateEndpoint.data.parse(result.data)
}

async function detail(id: number, token = dealerToken): Promise<ContactDetail> {
  const result = await call('GET', contactPath(id, 'detail'), { token })
  expect(result.httpStatus, result.messages.join(' ')).toBe(200)
  return contactDetailEndpoint.data.parse(result.data)
}

async function edit(id: number, changes: Record<string, unknown>, options: Options = {}) {
  return call('POST', contactPath(id, 'edit'), { ...options, body: { ...(await detail(id, staffToken)), ...changes } })
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
  const result = await call('POST', `/vue/company/${dealer.companyId}/create/sub-company/`, {
    body: { name1: name, address1: 'Lindenweg 3', zip: '72764', city: 'Reutlingen', country: 'DE' },
  })
  expect(result.httpStatus, result.messages.join(' ')).toBe(200)
  return createSubCompanyEndpoint.data.parse(result.data).id
}

const ACCESS = { 401: 'Please log in first.', 403: 'You are not allowed to do this.' }
const OUT_OF_SCOPE = 'You are not allowed to access this contact.'

describe('GET /vue/company/{id}/contacts/', () => {
  it('answers every contact of the company with the spec’s fields', async () => {
    const result = await call('GET', listPath(CID))
    expect(result.httpStatus, result.messages.join(' ')).toBe(200)
    const data = companyContactsEndpoint.data.parse(result.data)
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
    const own = companyContactsEndpoint.data.parse((await call('GET', listPath(dealer.companyId))).data)
    expect(own.contacts.find((contact) => contact.id === dealer.userId)).toMatchObject({ dealer_admin: true, is_active: true })
  })

  it('narrows to active or inactive contacts and to a search, and pages', async () => {
    const inactive = await create(CID, { first_name: 'Ruhend' })
    expect((await edit(inactive.id, { is_active: false })).httpStatus).toBe(200)
    const active = companyContactsEndpoint.data.parse((await call('GET', listPath(CID, '?active=1'))).data)
    const asleep = companyContactsEndpoint.data.parse((await call('GET', listPath(CID, '?active=0'))).data)
    expect(active.contacts.every((contact) => contact.is_active)).toBe(true)
    expect(asleep.contacts.map((contact) => contact.id)).toContain(inactive.id)
    expect(asleep.contacts.every((contact) => !contact.is_active)).toBe(true)
    const found = companyContactsEndpoint.data.parse((await call('GET', listPath(CID, '?search=ruhend'))).data)
    expect(found.contacts.map((contact) => contact.id)).toEqual([inactive.id])
    const paged = companyContactsEndpoint.data.parse((await call('GET', listPath(CID, '?page=1&number_per_page=1'))).data)
    expect(paged.contacts).toHaveLength(1)
    expect(paged.pages).toBe(paged.no_of_contacts)
  })

  it('refuses no token (401), a caller without IS_DEALER_ADMIN (403) and a company outside the scope (403)', async () => {
    const anonymous = await call('GET', listPath(CID), { token: null })
    expect([anonymous.httpStatus, anonymous.messages]).toEqual([401, [ACCESS[401]]])
    for (const token of [carpenterToken, creator.token]) {
      const refused = await call('GET', listPath(CID), { token })
      expect([refused.httpStatus, refused.messages]).toEqual([403, [ACCESS[403]]])
    }
    for (const target of [sibling, staff.companyId, 999_999]) {
      const refused = await call('GET', listPath(target))
      expect([refused.httpStatus, refused.messages], `${target}`).toEqual([403, ['You are not allowed to access this company.']])
    }
    const german = await call('GET', listPath(CID), { token: carpenterToken, locale: 'de' })
    expect(german.messages).not.toEqual([ACCESS[403]])
    const unknown = await call('GET', listPath(999_999), { token: staffToken })
    expect(unknown.httpStatus).toBe(404)
  })

  it('refuses bad query values with 400', async () => {
    for (const query of ['?active=2', '?page=0', '?number_per_page=100000', `?search=${'x'.repeat(300)}`, '?search=%00']) {
      expect((await call('GET', listPath(CID, query))).httpStatus, query).toBe(400)
    }
  })
})

describe('POST /vue/company/{id}/create/contact/', () => {
  it('creates the contact, mails its activation link through the outbox and answers it, audited', async () => {
    const email = uniqueEmail('Neu')
    const result = await call('POST', createPath(CID), {
      body: {
        email: `  ${email.toUpperCase()} `,
        first_name: ' Jana ',
        middle_name: 'Maria',
        last_name: 'Kranich',
        language: 'en',
        dealer_admin: false,
        opt_out: true,
      },
    })
    expect(result.httpStatus, result.messages.join(' ')).toBe(200)
    const data = contactCreateEndpoint.data.parse(result.data)
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
    const check = await call('GET', `/vue/password/change/?token=${tokenOf(data.act_link)}`, { token: null })
    expect(check.httpStatus, check.messages.join(' ')).toBe(200)
  })

  it('without dealer_admin and opt_out makes neither (their documented default: false)', async () => {
    const result = await call('POST', createPath(CID), { body: { email: uniqueEmail('knapp'), first_name: 'Knapp' } })
    expect(result.httpStatus, result.messages.join(' ')).toBe(200)
    const created = contactCreateEndpoint.data.parse(result.data)
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
    const urlencoded = await call('POST', createPath(CID), {
      rawBody: new URLSearchParams({ email: uniqueEmail('form'), first_name: 'Formular', dealer_admin: 'on' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(urlencoded.httpStatus, urlencoded.messages.join(' ')).toBe(200)
    expect(await userRow(contactCreateEndpoint.data.parse(urlencoded.data).id)).toMatchObject({ firstName: 'Formular', dealerAdmin: true })
    const form = new FormData()
    form.set('email', uniqueEmail('multipart'))
    form.set('first_name', 'Multipart')
    const multipart = await call('POST', createPath(CID), { form })
    expect(multipart.httpStatus, multipart.messages.join(' ')).toBe(200)
  })

  it('lets a user with only CAN_CREATE_CONTACTS create contacts of its own company, but never a dealer admin', async () => {
    const plain = await create(dealer.companyId, {}, creator.token)
    expect(await lastAudit('create_contact', plain.id)).toMatchObject({ actorUserId: creator.id })
    for (const locale of ['en', 'de'] as const) {
      const refused = await expectRefused(403, () =>
        call('POST', createPath(dealer.companyId), { token: creator.token, body: newContact({ dealer_admin: true }), locale }),
      )
      expect(refused.messages).toEqual([
        locale === 'en' ? 'Only a dealer admin can make others dealer admins.' : 'Nur ein Händler-Admin kann andere zu Händler-Admins machen.',
      ])
    }
    // Not below its company: without IS_DEALER_ADMIN its scope is its own company.
    await expectRefused(403, () => call('POST', createPath(CID), { token: creator.token, body: newContact() }))
  })

  it('answers the same create sent again (a double click) with that contact and a new link; a changed or foreign repeat is 409', async () => {
    const body = newContact({ first_name: 'Doppelt' })
    const first = await create(CID, body)
    const again = await call('POST', createPath(CID), { body })
    expect(again.httpStatus, again.messages.join(' ')).toBe(200)
    const repeated = contactCreateEndpoint.data.parse(again.data)
    expect(repeated.id).toBe(first.id)
    expect(repeated.act_link).not.toBe(first.act_link)
    expect(await api.database.db.$count(users, eq(users.email, body.email))).toBe(1)
    expect((await lastMail(body.email))?.textBody).toContain(repeated.act_link)
    expect((await call('GET', `/vue/password/change/?token=${tokenOf(first.act_link)}`, { token: null })).httpStatus).toBe(400)
    expect((await call('GET', `/vue/password/change/?token=${tokenOf(repeated.act_link)}`, { token: null })).httpStatus).toBe(200)
    expect(await lastAudit('create_contact', first.id)).toMatchObject({ actorUserId: dealer.userId, details: { repeated: true } })
    // Not the same fields, not the same person: another contact.
    await expectRefused(409, () => call('POST', createPath(CID), { body: { ...body, last_name: 'Anders' } }))
    await expectRefused(409, () => call('POST', createPath(CID), { body, token: staffToken }))
  })

  it('refuses an e-mail already used by another contact (any case) with 409, nothing created', async () => {
    for (const locale of ['en', 'de'] as const) {
      const refused = await expectRefused(409, () => call('POST', createPath(CID), { body: newContact({ email: ' Carpenter@Demo.Example ' }), locale }))
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
      const refused = await expectRefused(400, () => call('POST', createPath(CID), { body: newContact(extra) }))
      expect(refused.messages.length, JSON.stringify(extra).slice(0, 60)).toBeGreaterThan(0)
    }
    const english = await expectRefused(400, () => call('POST', createPath(CID), { body: {} }))
    const german = await expectRefused(400, () => call('POST', createPath(CID), { body: {}, locale: 'de' }))
    expect(english.messages).toHaveLength(2)
    expect(german.messages).toHaveLength(2)
    expect(german.messages.join(' ')).toMatch(/Pflichtfeld/)
    await expectRefused(415, () => call('POST', createPath(CID), { rawBody: JSON.stringify(newContact()), headers: { 'content-type': 'text/plain' } }))
    await expectRefused(400, () => call('POST', createPath(CID), { rawBody: '{"email"', headers: { 'content-type': 'application/json' } }))
  })

  it('refuses no token (401), a caller without CAN_CREATE_CONTACTS (403) and a foreign company (403)', async () => {
    const anonymous = await expectRefused(401, () => call('POST', createPath(CID), { token: null, body: newContact() }))
    expect(anonymous.messages).toEqual([ACCESS[401]])
    const carpenterRefused = await expectRefused(403, () => call('POST', createPath(CID), { token: carpenterToken, body: newContact() }))
    expect(carpenterRefused.messages).toEqual([ACCESS[403]])
    for (const target of [sibling, staff.companyId, 999_999]) {
      const refused = await expectRefused(403, () => call('POST', createPath(target), { body: newContact() }))
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
    expect((await call('GET', contactPath(carpenter.userId, 'detail'), { token: null })).httpStatus).toBe(401)
    const refused = await call('GET', contactPath(carpenter.userId, 'detail'), { token: carpenterToken })
    expect([refused.httpStatus, refused.messages]).toEqual([403, [ACCESS[403]]])
    for (const id of [foreignContact, staff.userId, 2_000_000]) {
      const outside = await call('GET', contactPath(id, 'detail'))
      expect([outside.httpStatus, outside.messages], `${id}`).toEqual([403, [OUT_OF_SCOPE]])
    }
    const german = await call('GET', contactPath(foreignContact, 'detail'), { locale: 'de' })
    expect(german.messages).toEqual(['Sie dürfen auf diesen Kontakt nicht zugreifen.'])
    const unknown = await call('GET', contactPath(2_000_000, 'detail'), { token: staffToken })
    expect([unknown.httpStatus, unknown.messages]).toEqual([404, ['This contact does not exist.']])
    for (const id of ['abc', '0', '-3', '99999999999']) expect((await call('GET', contactPath(id, 'detail'))).httpStatus, id).toBe(400)
  })
})

describe('POST /vue/contact/{id}/edit/', () => {
  it('changes the contact’s fields (the detail sent back with changes), audited', async () => {
    const created = await create(CID)
    const result = await edit(created.id, { last_name: 'Kranich-Berg', language: 'en', opt_out: true, email: ' Neu.Adresse@Contacts.Example ' })
    expect(result.httpStatus, result.messages.join(' ')).toBe(200)
    const data = contactEditEndpoint.data.parse(result.data)
    expect(data.changed.sort()).toEqual(['email', 'language', 'last_name', 'opt_out'])
    expect(data.contact).toMatchObject({ id: created.id, last_name: 'Kranich-Berg', language: 'en', opt_out: true, email: 'neu.adresse@contacts.example' })
    expect(await userRow(created.id)).toMatchObject({ lastName: 'Kranich-Berg', language: 'en', optOut: true, email: 'neu.adresse@contacts.example' })
    expect(await lastAudit('edit_contact', created.id)).toMatchObject({ actorUserId: dealer.userId, entity: 'user' })
    // Unchanged: nothing written.
    const again = await edit(created.id, {})
    expect(contactEditEndpoint.data.parse(again.data).changed).toEqual([])
  })

  it('keeps every field a minimal edit leaves out (only email and first_name sent)', async () => {
    const created = await create(CID, { middle_name: 'Maria', last_name: 'Lindner', language: 'en', opt_out: true, dealer_admin: true })
    const before = await userRow(created.id)
    expect(before).toMatchObject({ middleName: 'Maria', lastName: 'Lindner', language: 'en', optOut: true, dealerAdmin: true })
    const result = await call('POST', contactPath(created.id, 'edit'), { body: { email: before!.email, first_name: 'Renate' } })
    expect(result.httpStatus, result.messages.join(' ')).toBe(200)
    expect(contactEditEndpoint.data.parse(result.data).changed).toEqual(['first_name'])
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
    const unchanged = await call('POST', contactPath(dealer.userId, 'edit'), { body: { email: self.email, first_name: self.first_name } })
    expect(unchanged.httpStatus, unchanged.messages.join(' ')).toBe(200)
    expect(contactEditEndpoint.data.parse(unchanged.data).changed).toEqual([])
    expect(await userRow(dealer.userId)).toMatchObject({ dealerAdmin: true })
  })

  it('moves a contact to a company of parent_choices (as id or as pair), never outside the scope', async () => {
    const created = await create(CID)
    const target = industry.companyId
    expect((await detail(created.id)).parent_choices.map(([id]) => id)).toContain(target)
    const moved = await edit(created.id, { company: target })
    expect(moved.httpStatus, moved.messages.join(' ')).toBe(200)
    expect(contactEditEndpoint.data.parse(moved.data).contact.company[0]).toBe(target)
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
      const refused = await expectRefused(400, () => call('POST', contactPath(created.id, 'edit'), { body: { ...base, ...change } }))
      expect(refused.messages.length, JSON.stringify(change)).toBeGreaterThan(0)
    }
    const german = await expectRefused(400, () => call('POST', contactPath(created.id, 'edit'), { body: {}, locale: 'de' }))
    expect(german.messages.join(' ')).toMatch(/Pflichtfeld/)
    await expectRefused(415, () => call('POST', contactPath(created.id, 'edit'), { rawBody: JSON.stringify(base), headers: { 'content-type': 'text/plain' } }))
  })

  it('refuses no token (401), a caller without IS_DEALER_ADMIN (403), a contact outside the scope (403)', async () => {
    const body = await detail(carpenter.userId)
    await expectRefused(401, () => call('POST', contactPath(carpenter.userId, 'edit'), { token: null, body }))
    await expectRefused(403, () => call('POST', contactPath(carpenter.userId, 'edit'), { token: carpenterToken, body: { ...body, last_name: 'Selbst' } }))
    await expectRefused(403, () => call('POST', contactPath(carpenter.userId, 'edit'), { token: creator.token, body: { ...body, last_name: 'X' } }))
    const foreign = await detail(foreignContact, staffToken)
    const refused = await expectRefused(403, () => call('POST', contactPath(foreignContact, 'edit'), { body: { ...foreign, last_name: 'Übernommen' } }))
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
    const deleted = await expectRefused(409, () => call('DELETE', contactPath(first.id, 'delete'), { locale: 'de' }))
    expect(deleted.messages).toEqual(['Das ist der letzte aktive Händler-Admin des Unternehmens. Machen Sie zuerst einen anderen Kontakt zum Händler-Admin.'])
    const second = await create(company, { dealer_admin: true })
    expect((await edit(first.id, { dealer_admin: false })).httpStatus).toBe(200)
    await expectRefused(409, () => call('DELETE', contactPath(second.id, 'delete')))
    // Non-admin contacts go freely.
    expect((await call('DELETE', contactPath(first.id, 'delete'))).httpStatus).toBe(200)
  })

  it('stays one when both admins are un-flagged at the same time', async () => {
    const company = await emptyCompany('Gleichzeitig KG')
    const a = await create(company, { dealer_admin: true })
    const b = await create(company, { dealer_admin: true })
    const [bodyA, bodyB] = await Promise.all([detail(a.id), detail(b.id)])
    const answers = await Promise.all([
      call('POST', contactPath(a.id, 'edit'), { body: { ...bodyA, dealer_admin: false } }),
      call('POST', contactPath(b.id, 'edit'), { body: { ...bodyB, dealer_admin: false } }),
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
    expect((await call('GET', `/vue/company/${CID}/delivery-addresses/`, { token })).httpStatus).toBe(200)
    const result = await call('DELETE', contactPath(created.id, 'delete'))
    expect(result.httpStatus, result.messages.join(' ')).toBe(200)
    const data = contactDeleteEndpoint.data.parse(result.data)
    expect(data.id).toBe(created.id)
    expect(await userRow(created.id)).toBeUndefined()
    expect(await lastAudit('delete_contact', created.id)).toMatchObject({
      actorUserId: dealer.userId,
      entity: 'user',
      details: { email: data.email, company: CID },
    })
    const after = await call('GET', `/vue/company/${CID}/delivery-addresses/`, { token })
    expect(after.httpStatus).toBe(401)
    expect((await call('GET', contactPath(created.id, 'detail'), { token: staffToken })).httpStatus).toBe(404)
  })

  it('ends a deactivated contact’s sessions at once too', async () => {
    const created = await create(CID)
    const token = await issueToken({ userId: created.id })
    expect((await call('GET', `/vue/company/${CID}/delivery-addresses/`, { token })).httpStatus).toBe(200)
    expect((await edit(created.id, { is_active: false })).httpStatus).toBe(200)
    expect((await call('GET', `/vue/company/${CID}/delivery-addresses/`, { token })).httpStatus).toBe(401)
  })

  it('refuses deleting yourself with 409 in the caller’s language', async () => {
    for (const locale of ['en', 'de'] as const) {
      const refused = await expectRefused(409, () => call('DELETE', contactPath(dealer.userId, 'delete'), { locale }))
      expect(refused.messages).toEqual([locale === 'en' ? 'You cannot delete yourself.' : 'Sie können sich nicht selbst löschen.'])
    }
    // Switched to the dealer, staff cannot delete themselves either (their company is above the dealer's: 403).
    const switched = await api.switchTo(dealer, { by: staffToken })
    await expectRefused(403, () => call('DELETE', contactPath(staff.userId, 'delete'), { token: switched.token }))
    await expectRefused(409, () => call('DELETE', contactPath(dealer.userId, 'delete'), { token: switched.token }))
  })

  it('refuses no token (401), a caller without IS_DEALER_ADMIN (403), a contact outside the scope (403)', async () => {
    await expectRefused(401, () => call('DELETE', contactPath(carpenter.userId, 'delete'), { token: null }))
    await expectRefused(403, () => call('DELETE', contactPath(carpenter.userId, 'delete'), { token: carpenterToken }))
    await expectRefused(403, () => call('DELETE', contactPath(carpenter.userId, 'delete'), { token: creator.token }))
    for (const id of [foreignContact, staff.userId, 2_000_000]) {
      const refused = await expectRefused(403, () => call('DELETE', contactPath(id, 'delete')))
      expect(refused.messages).toEqual([OUT_OF_SCOPE])
    }
    await expectRefused(404, () => call('DELETE', contactPath(2_000_000, 'delete'), { token: staffToken }))
    await expectRefused(400, () => call('DELETE', contactPath('x', 'delete')))
  })
})

describe('GET /vue/contact/{id}/activation-link/', () => {
  it('answers a new link that voids the older one (and the mailed one); the newest sets the password', async () => {
    const created = await create(CID)
    const mailed = tokenOf(created.act_link)
    const first = await call('GET', contactPath(created.id, 'activation-link'))
    expect(first.httpStatus, first.messages.join(' ')).toBe(200)
    const firstData = activationLinkEndpoint.data.parse(first.data)
    expect(Object.keys(firstData).sort()).toEqual(['act_link', 'valid_until'])
    expect(new Date(firstData.valid_until).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000)
    const second = activationLinkEndpoint.data.parse((await call('GET', contactPath(created.id, 'activation-link'))).data)
    expect(second.act_link).not.toBe(firstData.act_link)
    for (const voided of [mailed, tokenOf(firstData.act_link)]) {
      const check = await call('GET', `/vue/password/change/?token=${voided}`, { token: null })
      expect(check.httpStatus).toBe(400)
    }
    const newest = tokenOf(second.act_link)
    expect((await call('GET', `/vue/password/change/?token=${newest}`, { token: null })).httpStatus).toBe(200)
    const password = 'Buchenholz und Dübel 9'
    const changed = await call('POST', '/vue/password/change/', { token: null, body: { token: newest, password, password2: password } })
    expect(changed.httpStatus, changed.messages.join(' ')).toBe(200)
    const email = (await userRow(created.id))!.email
    const login = await api.request('POST', '/vue/login/', { body: { username: email, password }, clientAddress: '10.9.9.9' })
    expect(login.httpStatus, login.messages.join(' ')).toBe(200)
    // Used once: the link is spent.
    expect((await call('GET', `/vue/password/change/?token=${newest}`, { token: null })).httpStatus).toBe(400)
    expect(await lastAudit('activation_link', created.id)).toMatchObject({ actorUserId: dealer.userId, entity: 'user' })
  })

  it('refuses no token (401), a caller without IS_DEALER_ADMIN (403), a contact outside the scope (403)', async () => {
    await expectRefused(401, () => call('GET', contactPath(carpenter.userId, 'activation-link'), { token: null }))
    await expectRefused(403, () => call('GET', contactPath(carpenter.userId, 'activation-link'), { token: carpenterToken }))
    for (const id of [foreignContact, staff.userId]) {
      const refused = await expectRefused(403, () => call('GET', contactPath(id, 'activation-link')))
      expect(refused.messages).toEqual([OUT_OF_SCOPE])
    }
    await expectRefused(404, () => call('GET', contactPath(2_000_000, 'activation-link'), { token: staffToken }))
  })

  it('refuses a link for the caller themselves with 409 in the caller’s language', async () => {
    for (const locale of ['en', 'de'] as const) {
      const refused = await expectRefused(409, () => call('GET', contactPath(dealer.userId, 'activation-link'), { locale }))
      expect(refused.messages).toEqual([
        locale === 'en'
          ? 'You cannot fetch an activation link for yourself. Change your password instead.'
          : 'Für sich selbst können Sie keinen Aktivierungslink abrufen. Ändern Sie stattdessen Ihr Passwort.',
      ])
    }
  })
})
