import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPANY_TEXT_LIMITS, companyEditProblems } from '../../src/contract/company-edit'
import { auditLog, companies } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { startApi, type CallResult, type TestApi } from '../helpers/api'
import { companyState, documentOf, editCompany, editForm, editPath, info, png } from './company-edit-helpers'
import { siblingDealerCompany } from '../helpers/out-of-scope'

// POST /vue/company/{id}/edit/: who may change what (decision 028), every rule of the
// document, hostile input, and that a refusal changes nothing. The logo has logo.test.ts.
let api: TestApi
let dealerToken: string
let staffToken: string
let carpenterToken: string
beforeAll(async () => {
  api = await startApi()
  dealerToken = await api.loginAs(DEMO_ACCOUNTS.dealer.username)
  staffToken = await api.loginAs(DEMO_ACCOUNTS.staff.username)
  carpenterToken = await api.loginAs(DEMO_ACCOUNTS.carpenter.username)
})
afterAll(() => api.close())

const { staff, dealer, carpenter, industry, translator } = DEMO_ACCOUNTS

async function edit(id: number | string, document: unknown, { token = dealerToken, locale }: { token?: string; locale?: 'de' | 'en' } = {}) {
  return editCompany(api, id, editForm(document), { token, locale })
}

async function baseDocument(id: number, token = dealerToken) {
  return documentOf(await info(api, token, id))
}

/** A refusal that changed nothing: the status, and the same state before and after. */
async function expectRefused<R extends Pick<CallResult, 'httpStatus' | 'messages'>>(id: number, status: number, send: () => Promise<R>): Promise<R> {
  const before = await companyState(api, id)
  const result = await send()
  expect(result.httpStatus, result.messages.join(' ')).toBe(status)
  expect(await companyState(api, id)).toBe(before)
  return result
}

describe('POST /vue/company/{id}/edit/ — who may change what', () => {
  it('lets the dealer edit its own company; company info answers the new values at once', async () => {
    const before = await info(api, dealerToken, dealer.companyId)
    const result = await edit(dealer.companyId, { ...documentOf(before), name1: '  Holzhandel Brenner KG  ', phone: '+49 711 555-0' })
    expect(result.httpStatus, result.messages.join()).toBe(200)
    expect(result.data).toEqual({ id: dealer.companyId, changed: ['name1', 'phone'], logo: before.logo })
    const after = await info(api, dealerToken, dealer.companyId)
    expect(after).toMatchObject({ name1: 'Holzhandel Brenner KG', phone: '+49 711 555-0', city: before.city })
  })

  it('lets the dealer set a sub-company’s master data and terms (choices, lines, auto-approve)', async () => {
    const current = await info(api, dealerToken, carpenter.companyId)
    const region = current.region_choices.find(([code]) => code !== current.region?.[0])![0]
    const discount = current.discount_group_choices.find(([code]) => code !== current.discount_group?.[0])![0]
    const lines = current.line_choices.slice(0, 2).map(([id]) => id)
    const document = { ...documentOf(current), city: 'Tübingen', region, discount_group: discount, lines, auto_approve: !current.auto_approve, language: 'en' }
    const result = await edit(carpenter.companyId, document)
    expect(result.httpStatus, result.messages.join()).toBe(200)
    const { changed } = result.data
    expect(changed).toEqual(expect.arrayContaining(['city', 'region', 'discount_group', 'auto_approve', 'lines']))
    const after = await info(api, dealerToken, carpenter.companyId)
    expect(after.city).toBe('Tübingen')
    expect(after.region?.[0]).toBe(region)
    expect(after.discount_group?.[0]).toBe(discount)
    expect(after.auto_approve).toBe(!current.auto_approve)
    expect(after.lines.map(([id]) => id).sort()).toEqual([...lines].sort())
  })

  it('lets a dealer give only the lines its own company has; staff may give any; lines already there stay', async () => {
    const own = await info(api, dealerToken, dealer.companyId)
    const current = await info(api, dealerToken, carpenter.companyId)
    const foreign = current.line_choices.find(([id]) => !own.lines.some(([mine]) => mine === id) && !current.lines.some(([has]) => has === id))
    expect(foreign, 'a line the dealer and the carpenter lack').toBeDefined()
    const [foreignId, foreignName] = foreign!
    const withForeign = { ...documentOf(current), lines: [...current.lines.map(([id]) => id), foreignId] }
    for (const locale of ['en', 'de'] as const) {
      const refused = await expectRefused(carpenter.companyId, 403, () => edit(carpenter.companyId, withForeign, { locale }))
      expect(refused.messages).toEqual([
        locale === 'en'
          ? `Your own company does not have these lines, so you cannot give them: ${foreignName}.`
          : `Diese Linien hat Ihr eigenes Unternehmen nicht, Sie können sie deshalb nicht vergeben: ${foreignName}.`,
      ])
      expect(companyEditProblems.parse(refused.failure).fields.lines).toHaveLength(1)
    }
    // Staff (the root) gives it; the dealer may then keep it while changing something else.
    const given = await edit(carpenter.companyId, withForeign, { token: staffToken })
    expect(given.httpStatus, given.messages.join()).toBe(200)
    const kept = await edit(carpenter.companyId, { ...documentOf(await info(api, dealerToken, carpenter.companyId)), city: 'Ulm' })
    expect(kept.httpStatus, kept.messages.join()).toBe(200)
    expect((await info(api, dealerToken, carpenter.companyId)).lines.map(([id]) => id)).toContain(foreignId)
    // Taking it away again is always allowed.
    const back = await edit(carpenter.companyId, { ...documentOf(current), city: current.city })
    expect(back.httpStatus, back.messages.join()).toBe(200)
  })

  it('accepts the entity as company info sends it (pairs, extra fields) and reports nothing changed', async () => {
    const entity = await info(api, dealerToken, industry.companyId)
    const before = await companyState(api, industry.companyId)
    const result = await edit(industry.companyId, entity)
    expect(result.httpStatus, result.messages.join()).toBe(200)
    expect(result.data.changed).toEqual([])
    expect(await companyState(api, industry.companyId)).toBe(before)
  })

  it('never lets a dealer set its own company’s terms (only those above may): 403, nothing changed', async () => {
    const current = await info(api, dealerToken, dealer.companyId)
    const discount = current.discount_group_choices.find(([code]) => code !== current.discount_group?.[0])![0]
    const result = await expectRefused(dealer.companyId, 403, () =>
      edit(dealer.companyId, { ...documentOf(current), name1: 'Changed too', discount_group: discount }),
    )
    expect(result.messages).toEqual(['Discount group: your supplier sets these terms for your own company.'])
    const problems = companyEditProblems.parse(result.failure)
    expect(Object.keys(problems.fields)).toEqual(['discount_group'])
  })

  it('lets staff set the terms of any company, their own root company included', async () => {
    const current = await info(api, staffToken, dealer.companyId)
    const result = await edit(dealer.companyId, { ...documentOf(current), auto_approve: !current.auto_approve }, { token: staffToken })
    expect(result.httpStatus, result.messages.join()).toBe(200)
    const root = await info(api, staffToken, staff.companyId)
    const own = await edit(staff.companyId, { ...documentOf(root), auto_approve: !root.auto_approve }, { token: staffToken })
    expect(own.httpStatus, own.messages.join()).toBe(200)
  })

  it('gives a user without CAN_CREATE_COMPANIES read-only master data: the unchanged document passes, a change is 403', async () => {
    const current = await info(api, carpenterToken, carpenter.companyId)
    const document = documentOf(current)
    const same = await edit(carpenter.companyId, document, { token: carpenterToken })
    expect(same.httpStatus).toBe(200)
    expect(same.data.changed).toEqual([])
    const refused = await expectRefused(carpenter.companyId, 403, () =>
      edit(
        carpenter.companyId,
        { ...document, name1: 'Schreinerei Maurer & Söhne', auto_approve: !current.auto_approve },
        { token: carpenterToken, locale: 'de' },
      ),
    )
    expect(refused.messages).toEqual([
      'Zum Ändern der Unternehmensdaten (Firmenname, Bestellungen automatisch freigeben) fehlt die Berechtigung zum Anlegen von Unternehmen.',
    ])
  })

  it('refuses a refused master-data change with its logo: nothing at all is saved', async () => {
    const document = await baseDocument(carpenter.companyId, carpenterToken)
    const form = editForm({ ...document, zip: '00000' }, { bytes: await png(), name: 'logo.png', type: 'image/png' })
    await expectRefused(carpenter.companyId, 403, () => editCompany(api, carpenter.companyId, form, { token: carpenterToken }))
  })

  it('refuses master data to the translator on the supplier, their own company', async () => {
    const token = await api.loginAs(translator.username)
    const document = await baseDocument(staff.companyId, token)
    await expectRefused(staff.companyId, 403, () => edit(staff.companyId, { ...document, city: 'Karlsruhe' }, { token }))
  })
})

describe('POST /vue/company/{id}/edit/ — scope and access', () => {
  it('needs a token', async () => {
    const document = await baseDocument(dealer.companyId)
    const result = await editCompany(api, dealer.companyId, editForm(document))
    expect(result.httpStatus).toBe(401)
    expect(result.messages).toEqual(['Please log in first.'])
  })

  it.each([
    ['carpenter', carpenter, dealer.companyId],
    ['industry', industry, carpenter.companyId],
    ['dealer', dealer, staff.companyId],
    ['translator', translator, dealer.companyId],
  ])('refuses the %s a company outside its scope with 403, changing nothing', async (_, account, target) => {
    const token = await api.loginAs(account.username)
    const document = await baseDocument(target, staffToken)
    const result = await expectRefused(target, 403, () => edit(target, { ...document, city: 'Nowhere' }, { token }))
    expect(result.messages).toEqual(['You are not allowed to access this company.'])
  })

  it('refuses a sibling dealer’s company with 403 before reading the body or looking anything up', async () => {
    const sibling = await siblingDealerCompany(api, dealer.companyId, staff.companyId)
    const document = await baseDocument(sibling, staffToken)
    const refused = await expectRefused(sibling, 403, () => edit(sibling, { ...document, name1: 'Taken over' }))
    expect(refused.messages).toEqual(['You are not allowed to access this company.'])
    // Not even a body it could not read gets past the scope: the same 403, not a 415.
    const wrongType = await api.request('POST', editPath(sibling), { token: dealerToken, body: { name1: 'x' } })
    expect(wrongType.httpStatus).toBe(403)
  })

  it('answers an unknown company like a foreign one to a dealer (403) and as unknown to staff (404)', async () => {
    const document = await baseDocument(dealer.companyId)
    expect((await edit(999_999, document)).httpStatus).toBe(403)
    const result = await edit(999_999, document, { token: staffToken })
    expect(result.httpStatus).toBe(404)
    expect(result.messages).toEqual(['This company does not exist.'])
  })

  it.each(['abc', '0', '-1', '1.5', '99999999999', '2%00'])('refuses the company id %s with 400', async (id) => {
    const result = await edit(id, await baseDocument(dealer.companyId))
    expect(result.httpStatus).toBe(400)
  })

  it('records the real actor while switched: staff acting as the dealer', async () => {
    const switched = await api.switchTo(dealer, { by: staffToken })
    const document = await baseDocument(carpenter.companyId)
    const result = await edit(carpenter.companyId, { ...document, mobile: '+49 170 1234567' }, { token: switched.token })
    expect(result.httpStatus, result.messages.join()).toBe(200)
    const [entry] = await api.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'company_edit'), eq(auditLog.entityId, String(carpenter.companyId))))
      .orderBy(desc(auditLog.id))
      .limit(1)
    expect(entry).toMatchObject({ actorUserId: staff.userId, actingAsUserId: dealer.userId, entity: 'company' })
    expect(entry?.details).toMatchObject({ fields: { mobile: { from: document.mobile, to: '+49 170 1234567' } } })
  })
})

describe('POST /vue/company/{id}/edit/ — the document', () => {
  const id = carpenter.companyId

  it.each(['name1', 'address1', 'zip', 'city', 'country'])('requires %s (missing or blank), naming the field', async (field) => {
    const document = await baseDocument(id)
    for (const broken of [
      { ...document, [field]: undefined },
      { ...document, [field]: '   ' },
    ]) {
      const result = await expectRefused(id, 400, () => edit(id, broken))
      const problems = companyEditProblems.parse(result.failure)
      expect(Object.keys(problems.fields)).toEqual([field])
      expect(result.messages[0]).toMatch(/is a required field\.$/)
    }
  })

  it('says every problem at once, each on its field, in German too', async () => {
    const result = await expectRefused(id, 400, () => edit(id, { name1: '', address1: '', zip: '', city: '', country: '' }, { locale: 'de' }))
    expect(result.messages).toEqual([
      'Firmenname ist ein Pflichtfeld.',
      'Straße und Hausnummer ist ein Pflichtfeld.',
      'PLZ ist ein Pflichtfeld.',
      'Ort ist ein Pflichtfeld.',
      'Land ist ein Pflichtfeld.',
    ])
    expect(Object.keys(companyEditProblems.parse(result.failure).fields)).toEqual(['name1', 'address1', 'zip', 'city', 'country'])
  })

  it.each(Object.entries(COMPANY_TEXT_LIMITS))('limits %s to %i characters', async (field, max) => {
    const document = await baseDocument(id)
    const tooLong = field === 'email' ? `${'a'.repeat(max)}@example.com` : 'x'.repeat(max + 1)
    const result = await expectRefused(id, 400, () => edit(id, { ...document, [field]: tooLong }))
    expect(Object.keys(companyEditProblems.parse(result.failure).fields)).toEqual([field])
  })

  it('takes an empty e-mail but not a wrong one', async () => {
    const document = await baseDocument(id)
    const result = await expectRefused(id, 400, () => edit(id, { ...document, email: 'not-an-address' }))
    expect(result.messages).toEqual(['E-mail must be a valid e-mail address.'])
    expect((await edit(id, { ...document, email: '' })).httpStatus).toBe(200)
  })

  it.each([
    ['country', 'XX', 'Country: “XX” is not one of the offered choices.'],
    ['region', 'atlantis', 'Region: “atlantis” is not one of the offered choices.'],
    ['discount_group', 'ZZ99', 'Discount group: “ZZ99” is not one of the offered choices.'],
    ['assortment', 'nothing', 'Assortment: “nothing” is not one of the offered choices.'],
    ['language', 'tlh', 'Language: “tlh” is not one of the offered choices.'],
    ['lines', [999_999], 'Production lines: “999999” is not one of the offered choices.'],
  ])('refuses a %s that company info does not offer', async (field, value, message) => {
    const document = await baseDocument(id)
    const result = await expectRefused(id, 400, () => edit(id, { ...document, [field]: value }))
    expect(result.messages).toEqual([message])
    expect(Object.keys(companyEditProblems.parse(result.failure).fields)).toEqual([field])
  })

  it.each([
    ['auto_approve as text', { auto_approve: 'yes' }],
    ['lines as text', { lines: '1,2' }],
    ['too many lines', { lines: Array.from({ length: 101 }, (_, index) => index + 1) }],
    ['a number as name', { name1: 42 }],
  ])('refuses %s', async (_, change) => {
    const document = await baseDocument(id)
    await expectRefused(id, 400, () => edit(id, { ...document, ...change }))
  })

  it.each([
    ['not JSON', '{name1: "x"', 'The field “document” must hold JSON.'],
    ['a JSON array', '[1, 2]', 'The field “document” must hold a JSON object with the company fields.'],
    ['a JSON string', '"name1"', 'The field “document” must hold a JSON object with the company fields.'],
  ])('refuses a document that is %s', async (_, text, message) => {
    const result = await expectRefused(id, 400, () => edit(id, text))
    expect(result.messages).toEqual([message])
    expect(companyEditProblems.parse(result.failure).fields).toEqual({ document: [message] })
  })

  it('refuses a document over its size limit and a missing document', async () => {
    const document = await baseDocument(id)
    await expectRefused(id, 400, () => edit(id, { ...document, padding: 'x'.repeat(20_000) }))
    const form = new FormData()
    form.set('logo', new File([await png()], 'logo.png'))
    await expectRefused(id, 400, () => editCompany(api, id, form, { token: dealerToken }))
  })

  it('refuses NUL bytes, raw in the multipart field or escaped in the JSON', async () => {
    const document = await baseDocument(id)
    const escaped = await expectRefused(id, 400, () => edit(id, { ...document, city: 'Reut\u0000lingen' }))
    expect(escaped.messages).toEqual(['“city” contains a NUL character (a zero byte), which is not allowed.'])
    await expectRefused(id, 400, () => edit(id, `${JSON.stringify(document)}\u0000`))
  })

  it('refuses JSON instead of multipart with 415, and a body that is no multipart at all', async () => {
    const document = await baseDocument(id)
    const json = await expectRefused(id, 415, () => api.request('POST', editPath(id), { token: dealerToken, body: { document: JSON.stringify(document) } }))
    expect(json.messages).toEqual(['Send this as multipart/form-data.'])
    const broken = { 'content-type': 'multipart/form-data; boundary=xyz' }
    await expectRefused(id, 400, () => api.request('POST', editPath(id), { token: dealerToken, rawBody: 'not multipart', headers: broken }))
  })

  it('keeps a stored value that is no longer offered when it is sent back unchanged', async () => {
    await api.database.db.update(companies).set({ region: 'retired-region' }).where(eq(companies.id, id))
    const document = await baseDocument(id)
    const result = await edit(id, { ...document, region: 'retired-region', phone: '+49 7121 1' })
    expect(result.httpStatus, result.messages.join()).toBe(200)
    expect(result.data.changed).toEqual(['phone'])
  })
})
