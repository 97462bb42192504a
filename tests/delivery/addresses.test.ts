import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSubCompanyEndpoint } from '../../src/contract/company-parent'
import {
  addressCreateEndpoint,
  addressEditEndpoint,
  changeInactiveEndpoint,
  deliveryListEndpoint,
  setDeliveryEndpoint,
  type AddressCreateInput,
  type DeliveryAddress,
} from '../../src/contract/delivery'
import { auditLog, deliveryAddresses } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'
import { unchecked } from '../helpers/endpoint-call'
import { siblingDealerCompany } from '../helpers/out-of-scope'

// The delivery addresses of a company (decision 031): the
// overview, select, active switch, create and edit, each rule, who may call, and the database
// holding to "exactly one active delivery address" on its own.
let api: TestApi
let staffToken: string
let dealerToken: string
let carpenterToken: string
let industryToken: string
let sibling: number

const { staff, dealer, carpenter, industry } = DEMO_ACCOUNTS
const CID = carpenter.companyId

beforeAll(async () => {
  api = await startApi()
  ;[staffToken, dealerToken, carpenterToken, industryToken] = await Promise.all([
    api.loginAs(staff.username),
    api.loginAs(dealer.username),
    api.loginAs(carpenter.username),
    api.loginAs(industry.username),
  ])
  sibling = await siblingDealerCompany(api, dealer.companyId, staff.companyId)
})
afterAll(() => api.close())

const NEW_ADDRESS = {
  name1: 'Lager Süd',
  address1: 'Industriestraße 12',
  zip: '70565',
  city: 'Stuttgart',
  country: 'DE',
  phone: '+49 711 123456',
}

/** A body sent as it is (another type, broken JSON, a form's encoding): the bytes are the point. */
const raw = (path: string, rawBody: string, type: string, token = carpenterToken) =>
  api.request('POST', path, { token, rawBody, headers: { 'content-type': type } })

async function rowsOf(companyId: number) {
  return api.database.db.select().from(deliveryAddresses).where(eq(deliveryAddresses.companyId, companyId)).orderBy(asc(deliveryAddresses.id))
}

/** Everything a refused call must leave alone: the company's addresses and the audit log. */
async function state(companyId: number): Promise<string> {
  const [audited] = await api.database.db.select({ n: count() }).from(auditLog)
  return JSON.stringify({ rows: await rowsOf(companyId), audited: audited?.n })
}

type Refusal = { httpStatus: number; status: boolean; messages: string[] }

async function expectRefused<R extends Refusal>(companyId: number, status: number, send: () => Promise<R>): Promise<R> {
  const before = await state(companyId)
  const result = await send()
  expect(result.httpStatus, result.messages.join(' ')).toBe(status)
  expect(result.status).toBe(false)
  expect(await state(companyId)).toBe(before)
  return result
}

async function deliveryOf(companyId: number) {
  return (await rowsOf(companyId)).filter((row) => row.isDelivery)
}

async function create(companyId: number, body: Partial<AddressCreateInput> = {}, token = carpenterToken): Promise<DeliveryAddress> {
  const result = await api.call(addressCreateEndpoint, { cid: companyId, ...NEW_ADDRESS, ...body }, { token })
  expect(result.httpStatus, result.messages.join(' ')).toBe(200)
  return result.data.address
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

/** An active address of the company that is not its delivery address (made when there is none). */
async function activeOther(companyId = CID): Promise<{ id: number; name1: string }> {
  const rows = await rowsOf(companyId)
  const found = rows.find((row) => row.active && !row.isDelivery)
  return found ?? create(companyId, { name1: `Filiale ${rows.length}` })
}

async function inactiveOne(companyId = CID): Promise<number> {
  const other = await create(companyId, { name1: 'Altes Lager' })
  const result = await api.call(changeInactiveEndpoint, { cid: companyId, id: other.id, inactive: true }, { token: carpenterToken })
  expect(result.httpStatus, result.messages.join(' ')).toBe(200)
  return other.id
}

/** The first address of another company (for "an address id of another company"). */
async function foreignAddressId(): Promise<number> {
  const [row] = await api.database.db
    .select({ id: deliveryAddresses.id })
    .from(deliveryAddresses)
    .where(eq(deliveryAddresses.companyId, industry.companyId))
    .limit(1)
  if (!row) throw new Error('the industry company has no address')
  return row.id
}

/** A company without any address: a new sub-company of the dealer. */
async function emptyCompany(name: string): Promise<number> {
  const result = await api.call(
    createSubCompanyEndpoint,
    { cid: dealer.companyId, name1: name, address1: 'Lindenweg 3', zip: '72764', city: 'Reutlingen', country: 'DE' },
    { token: dealerToken },
  )
  expect(result.httpStatus, result.messages.join(' ')).toBe(200)
  const { id } = result.data
  expect(await rowsOf(id)).toEqual([])
  return id
}

describe('GET /vue/company/{id}/delivery-addresses/', () => {
  it('answers the company’s addresses (the delivery address first) and the country choices', async () => {
    const result = await api.call(deliveryListEndpoint, { id: CID }, { token: carpenterToken })
    expect(result.httpStatus, result.messages.join(' ')).toBe(200)
    const data = result.data
    expect(Object.keys(data).sort()).toEqual(['addresses', 'company', 'country_choices'])
    const rows = await rowsOf(CID)
    expect(data.addresses.map((address) => address.id).sort((a, b) => a - b)).toEqual(rows.map((row) => row.id))
    expect(data.addresses.filter((address) => address.is_delivery)).toHaveLength(1)
    expect(data.addresses[0]?.is_delivery).toBe(true)
    const delivery = rows.find((row) => row.isDelivery)!
    expect(data.addresses[0]).toEqual({
      id: delivery.id,
      name1: delivery.name1,
      name2: delivery.name2,
      address1: delivery.address1,
      address2: delivery.address2,
      zip: delivery.zip,
      city: delivery.city,
      country: delivery.country,
      phone: delivery.phone,
      mobile: delivery.mobile,
      email: delivery.email,
      active: true,
      is_delivery: true,
    })
    expect(data.company[0]).toBe(CID)
    expect(data.country_choices.length).toBeGreaterThan(1)
    expect(data.country_choices.find(([code]) => code === 'DE')?.[1]).toBe('Germany')
  })

  it('labels the country choices in the caller’s language', async () => {
    const data = (await api.call(deliveryListEndpoint, { id: CID }, { token: carpenterToken, locale: 'de' })).data
    expect(data.country_choices.find(([code]) => code === 'DE')?.[1]).toBe('Deutschland')
  })

  it('needs a token', async () => {
    const result = await api.call(deliveryListEndpoint, { id: CID })
    expect(result.httpStatus).toBe(401)
    expect(result.messages).toEqual(['Please log in first.'])
  })

  it('refuses a company above, beside or outside the caller’s own with 403', async () => {
    for (const [token, target] of [
      [carpenterToken, dealer.companyId],
      [carpenterToken, industry.companyId],
      [carpenterToken, sibling],
      [industryToken, CID],
      [dealerToken, sibling],
      [dealerToken, staff.companyId],
    ] as const) {
      const result = await api.call(deliveryListEndpoint, { id: target }, { token })
      expect(result.httpStatus, `${target}`).toBe(403)
      expect(result.messages).toEqual(['You are not allowed to access this company.'])
    }
    const german = await api.call(deliveryListEndpoint, { id: dealer.companyId }, { token: carpenterToken, locale: 'de' })
    expect(german.messages).toEqual(['Sie sind für dieses Unternehmen nicht berechtigt.'])
  })

  it('answers an unknown company with 403 to a carpenter and 404 to staff', async () => {
    expect((await api.call(deliveryListEndpoint, { id: 999_999 }, { token: carpenterToken })).httpStatus).toBe(403)
    const result = await api.call(deliveryListEndpoint, { id: 999_999 }, { token: staffToken })
    expect(result.httpStatus).toBe(404)
    expect(result.messages).toEqual(['This company does not exist.'])
  })

  // Malformed ids written into the URL, as a client might.
  it.each(['abc', '0', '-1', '1.5', '99999999999'])('refuses the company id %s with 400', async (id) => {
    expect((await api.request('GET', `/vue/company/${id}/delivery-addresses/`, { token: carpenterToken })).httpStatus).toBe(400)
  })
})

describe('POST /vue/company/{cid}/address/{id}/set-delivery/', () => {
  it('moves the mark to the chosen address and answers the old and the new one, audited with the real actor', async () => {
    const [before] = await deliveryOf(CID)
    const chosen = await activeOther()
    const result = await api.call(setDeliveryEndpoint, { cid: CID, id: chosen.id }, { token: carpenterToken })
    expect(result.httpStatus, result.messages.join(' ')).toBe(200)
    const data = result.data
    expect(Object.keys(data).sort()).toEqual(['new', 'old'])
    expect(data.old).toMatchObject({ id: before!.id, is_delivery: false, active: true })
    expect(data.new).toMatchObject({ id: chosen.id, is_delivery: true, active: true, name1: chosen.name1 })
    expect((await deliveryOf(CID)).map((row) => row.id)).toEqual([chosen.id])
    const listed = (await api.call(deliveryListEndpoint, { id: CID }, { token: carpenterToken })).data
    expect(listed.addresses[0]?.id).toBe(chosen.id)
    expect(await lastAudit('set_delivery_address', chosen.id)).toMatchObject({
      actorUserId: carpenter.userId,
      actingAsUserId: null,
      entity: 'delivery_address',
      details: { company: CID, old: before!.id },
    })
  })

  it('answers the same address as old and new when it already is the delivery address, changing nothing', async () => {
    const [current] = await deliveryOf(CID)
    const before = await state(CID)
    const result = await api.call(setDeliveryEndpoint, { cid: CID, id: current!.id }, { token: carpenterToken })
    expect(result.httpStatus).toBe(200)
    const data = result.data
    expect([data.old?.id, data.new.id]).toEqual([current!.id, current!.id])
    expect(await state(CID)).toBe(before)
  })

  it('refuses an inactive address with 409 in the caller’s language, changing nothing', async () => {
    const inactive = await inactiveOne()
    const result = await expectRefused(CID, 409, () => api.call(setDeliveryEndpoint, { cid: CID, id: inactive }, { token: carpenterToken }))
    expect(result.messages).toEqual(['This address is inactive. Make it active first.'])
    const german = await expectRefused(CID, 409, () => api.call(setDeliveryEndpoint, { cid: CID, id: inactive }, { token: carpenterToken, locale: 'de' }))
    expect(german.messages).toEqual(['Diese Adresse ist inaktiv. Aktivieren Sie sie zuerst.'])
  })

  it('answers an address of another company with 404, changing nothing there either', async () => {
    const foreign = await foreignAddressId()
    const before = await state(industry.companyId)
    const result = await expectRefused(CID, 404, () => api.call(setDeliveryEndpoint, { cid: CID, id: foreign }, { token: carpenterToken }))
    expect(result.messages).toEqual(['This address does not exist at this company.'])
    expect(await state(industry.companyId)).toBe(before)
    expect((await api.call(setDeliveryEndpoint, { cid: CID, id: 2_000_000_000 }, { token: carpenterToken })).httpStatus).toBe(404)
  })

  it('refuses a foreign company with 403 and no token with 401', async () => {
    const [theirs] = await deliveryOf(dealer.companyId)
    const [other] = (await rowsOf(dealer.companyId)).filter((row) => row.active && !row.isDelivery)
    const target = other?.id ?? theirs!.id
    await expectRefused(dealer.companyId, 403, () => api.call(setDeliveryEndpoint, { cid: dealer.companyId, id: target }, { token: carpenterToken }))
    await expectRefused(sibling, 403, () => api.call(setDeliveryEndpoint, { cid: sibling, id: target }, { token: carpenterToken }))
    const anonymous = await expectRefused(CID, 401, () => api.call(setDeliveryEndpoint, { cid: CID, id: target }))
    expect(anonymous.messages).toEqual(['Please log in first.'])
  })

  it('leaves exactly one delivery address after two concurrent selects of different addresses', async () => {
    const first = await create(CID, { name1: 'Wettlauf A' })
    const second = await create(CID, { name1: 'Wettlauf B' })
    for (let round = 0; round < 5; round++) {
      const [a, b] = await Promise.all([
        api.call(setDeliveryEndpoint, { cid: CID, id: first.id }, { token: carpenterToken }),
        api.call(setDeliveryEndpoint, { cid: CID, id: second.id }, { token: carpenterToken }),
      ])
      expect([a.httpStatus, b.httpStatus], [...a.messages, ...b.messages].join(' ')).toEqual([200, 200])
      const delivery = await deliveryOf(CID)
      expect(delivery).toHaveLength(1)
      expect([first.id, second.id]).toContain(delivery[0]!.id)
      // One ran after the other: the later one's old is the earlier one's new.
      const answers = [a.data, b.data]
      const later = answers.find((answer) => answer.new.id === delivery[0]!.id)!
      const earlier = answers.find((answer) => answer !== later)!
      expect(later.old?.id).toBe(earlier.new.id)
    }
  })
})

describe('POST /vue/company/{cid}/address/{id}/change-inactive/', () => {
  it('deactivates and reactivates an address ({inactive} as JSON or as a form), audited', async () => {
    const other = await create(CID, { name1: 'Zwischenlager' })
    const off = await api.call(changeInactiveEndpoint, { cid: CID, id: other.id, inactive: true }, { token: carpenterToken })
    expect(off.httpStatus, off.messages.join(' ')).toBe(200)
    expect(off.data.address).toMatchObject({ id: other.id, active: false, is_delivery: false })
    expect((await rowsOf(CID)).find((row) => row.id === other.id)?.active).toBe(false)
    expect(await lastAudit('deactivate_delivery_address', other.id)).toMatchObject({ actorUserId: carpenter.userId, entity: 'delivery_address' })
    const on = await raw(`/vue/company/${CID}/address/${other.id}/change-inactive/`, 'inactive=false', 'application/x-www-form-urlencoded')
    expect(on.httpStatus, on.messages.join(' ')).toBe(200)
    expect(changeInactiveEndpoint.data.parse(on.data).address.active).toBe(true)
    expect(await lastAudit('activate_delivery_address', other.id)).toMatchObject({ actorUserId: carpenter.userId })
    const form = new FormData()
    form.set('inactive', 'on')
    const again = await api.upload(changeInactiveEndpoint, { cid: CID, id: other.id }, { form }, { token: carpenterToken })
    expect(again.httpStatus, again.messages.join(' ')).toBe(200)
    expect(again.data.address.active).toBe(false)
  })

  it('refuses to make the delivery address inactive (409, both languages), changing nothing', async () => {
    const [delivery] = await deliveryOf(CID)
    const result = await expectRefused(CID, 409, () =>
      api.call(changeInactiveEndpoint, { cid: CID, id: delivery!.id, inactive: true }, { token: carpenterToken }),
    )
    expect(result.messages).toEqual(['The delivery address cannot be made inactive. Choose another delivery address first.'])
    const german = await expectRefused(CID, 409, () =>
      api.call(changeInactiveEndpoint, { cid: CID, id: delivery!.id, inactive: 'true' }, { token: carpenterToken, locale: 'de' }),
    )
    expect(german.messages).toEqual(['Die Lieferadresse kann nicht inaktiv werden. Wählen Sie zuerst eine andere Lieferadresse.'])
  })

  it('refuses a missing or unreadable {inactive} with 400, changing nothing', async () => {
    const other = await activeOther()
    for (const body of [{}, { inactive: 'maybe' }, { inactive: 2 }, { inactive: null }, { inactive: 'true\0' }]) {
      const result = await expectRefused(CID, 400, () =>
        api.call(changeInactiveEndpoint, unchecked({ cid: CID, id: other.id, ...body }), { token: carpenterToken }),
      )
      expect(result.messages.length, JSON.stringify(body)).toBeGreaterThan(0)
    }
    const german = await expectRefused(CID, 400, () =>
      api.call(changeInactiveEndpoint, unchecked({ cid: CID, id: other.id }), { token: carpenterToken, locale: 'de' }),
    )
    const english = await api.call(changeInactiveEndpoint, unchecked({ cid: CID, id: other.id }), { token: carpenterToken })
    expect(german.messages).not.toEqual(english.messages)
  })

  it('refuses a body that is neither JSON nor a form with 415', async () => {
    const other = await activeOther()
    await expectRefused(CID, 415, () => raw(`/vue/company/${CID}/address/${other.id}/change-inactive/`, 'inactive=true', 'text/plain'))
  })

  it('answers another company’s address with 404, a foreign company with 403, no token with 401', async () => {
    const foreign = await foreignAddressId()
    await expectRefused(industry.companyId, 404, () => api.call(changeInactiveEndpoint, { cid: CID, id: foreign, inactive: true }, { token: carpenterToken }))
    await expectRefused(industry.companyId, 403, () =>
      api.call(changeInactiveEndpoint, { cid: industry.companyId, id: foreign, inactive: true }, { token: carpenterToken }),
    )
    await expectRefused(industry.companyId, 401, () => api.call(changeInactiveEndpoint, { cid: industry.companyId, id: foreign, inactive: true }))
  })
})

describe('POST /vue/company/{cid}/address/new/', () => {
  it('creates an active address (not the delivery address when there is one), audited', async () => {
    const [delivery] = await deliveryOf(CID)
    const result = await api.call(
      addressCreateEndpoint,
      { cid: CID, ...NEW_ADDRESS, name2: '  Tor 2 ', address2: 'Halle 4', country: 'de', mobile: '+49 170 555', email: ' Lager@Maurer.Example ' },
      { token: carpenterToken },
    )
    expect(result.httpStatus, result.messages.join(' ')).toBe(200)
    const { address } = result.data
    expect(address).toEqual({
      id: address.id,
      ...NEW_ADDRESS,
      name2: 'Tor 2',
      address2: 'Halle 4',
      mobile: '+49 170 555',
      email: 'lager@maurer.example',
      active: true,
      is_delivery: false,
    })
    const [row] = (await rowsOf(CID)).filter((candidate) => candidate.id === address.id)
    expect(row).toMatchObject({ companyId: CID, name1: NEW_ADDRESS.name1, country: 'DE', active: true, isDelivery: false })
    expect((await deliveryOf(CID)).map((candidate) => candidate.id)).toEqual([delivery!.id])
    expect(await lastAudit('create_delivery_address', address.id)).toMatchObject({
      actorUserId: carpenter.userId,
      entity: 'delivery_address',
      details: { company: CID },
    })
  })

  it('takes the fields as a form too (urlencoded and multipart)', async () => {
    const urlencoded = await raw(
      `/vue/company/${CID}/address/new/`,
      new URLSearchParams({ ...NEW_ADDRESS, name1: 'Per Formular' }).toString(),
      'application/x-www-form-urlencoded',
    )
    expect(urlencoded.httpStatus, urlencoded.messages.join(' ')).toBe(200)
    expect(addressCreateEndpoint.data.parse(urlencoded.data).address.name1).toBe('Per Formular')
    const form = new FormData()
    for (const [key, value] of Object.entries({ ...NEW_ADDRESS, name1: 'Per Multipart' })) form.set(key, value)
    const multipart = await api.upload(addressCreateEndpoint, { cid: CID }, { form }, { token: carpenterToken })
    expect(multipart.httpStatus, multipart.messages.join(' ')).toBe(200)
    expect(multipart.data.address.name1).toBe('Per Multipart')
  })

  it('makes the first address of a company without addresses its delivery address; the next is not', async () => {
    const empty = await emptyCompany('Neubau Kranich')
    const first = await create(empty, { name1: 'Erste Adresse' }, dealerToken)
    expect(first).toMatchObject({ active: true, is_delivery: true })
    const second = await create(empty, { name1: 'Zweite Adresse' }, dealerToken)
    expect(second).toMatchObject({ active: true, is_delivery: false })
    expect((await deliveryOf(empty)).map((row) => row.id)).toEqual([first.id])
    expect(await lastAudit('create_delivery_address', first.id)).toMatchObject({ actorUserId: dealer.userId })
  })

  it.each(['name1', 'zip', 'city', 'address1', 'country', 'phone'])('requires %s (missing or blank): 400, nothing created', async (field) => {
    for (const body of [
      { ...NEW_ADDRESS, [field]: undefined },
      { ...NEW_ADDRESS, [field]: '   ' },
    ]) {
      const result = await expectRefused(CID, 400, () => api.call(addressCreateEndpoint, unchecked({ cid: CID, ...body }), { token: carpenterToken }))
      expect(result.messages.join(' '), field).not.toBe('')
    }
  })

  it('says every missing field at once, in German for a German caller', async () => {
    const english = await expectRefused(CID, 400, () => api.call(addressCreateEndpoint, unchecked({ cid: CID }), { token: carpenterToken }))
    const german = await expectRefused(CID, 400, () => api.call(addressCreateEndpoint, unchecked({ cid: CID }), { token: carpenterToken, locale: 'de' }))
    expect(english.messages).toHaveLength(6)
    expect(german.messages).toHaveLength(6)
    expect(german.messages).not.toEqual(english.messages)
    expect(german.messages.join(' ')).toMatch(/Pflichtfeld/)
  })

  it('refuses an invalid e-mail, an unknown country, NUL bytes and huge values with 400, nothing created', async () => {
    for (const extra of [
      { email: 'not-an-address' },
      { email: 'a@b' },
      { email: `${'a'.repeat(300)}@example.com` },
      { country: 'XX' },
      { country: 'Deutschland' },
      { name1: 'Lager\0Süd' },
      { phone: '\0' },
      { name1: 'x'.repeat(10_000) },
      { city: 'y'.repeat(1_000) },
      { zip: 12345 },
      { name1: ['a', 'b'] },
    ]) {
      const result = await expectRefused(CID, 400, () =>
        api.call(addressCreateEndpoint, unchecked({ cid: CID, ...NEW_ADDRESS, ...extra }), { token: carpenterToken }),
      )
      expect(result.messages.length, JSON.stringify(extra).slice(0, 60)).toBeGreaterThan(0)
    }
    const german = await expectRefused(CID, 400, () =>
      api.call(addressCreateEndpoint, { cid: CID, ...NEW_ADDRESS, country: 'XX' }, { token: carpenterToken, locale: 'de' }),
    )
    const english = await api.call(addressCreateEndpoint, { cid: CID, ...NEW_ADDRESS, country: 'XX' }, { token: carpenterToken })
    expect(german.messages).not.toEqual(english.messages)
  })

  it('refuses text/plain with 415 and malformed JSON with 400, nothing created', async () => {
    await expectRefused(CID, 415, () => raw(`/vue/company/${CID}/address/new/`, JSON.stringify(NEW_ADDRESS), 'text/plain'))
    await expectRefused(CID, 400, () => raw(`/vue/company/${CID}/address/new/`, '{"name1": ', 'application/json'))
  })

  it('refuses a foreign company with 403 (before reading the body) and no token with 401', async () => {
    await expectRefused(dealer.companyId, 403, () => api.call(addressCreateEndpoint, { cid: dealer.companyId, ...NEW_ADDRESS }, { token: carpenterToken }))
    await expectRefused(sibling, 403, () => api.call(addressCreateEndpoint, { cid: sibling, ...NEW_ADDRESS }, { token: dealerToken }))
    await expectRefused(sibling, 403, () => raw(`/vue/company/${sibling}/address/new/`, 'x', 'text/plain', dealerToken))
    await expectRefused(CID, 401, () => api.call(addressCreateEndpoint, { cid: CID, ...NEW_ADDRESS }))
  })
})

describe('POST /vue/company/{cid}/address/{id}/edit/', () => {
  it('changes name and phone; the address fields sent unchanged are accepted; audited', async () => {
    const address = await create(CID, { name1: 'Vor der Änderung', email: 'alt@maurer.example' })
    const body = {
      name1: 'Nach der Änderung',
      name2: 'Rampe 3',
      phone: '+49 711 999',
      mobile: '',
      email: '',
      address1: address.address1,
      address2: address.address2,
      zip: address.zip,
      city: address.city.toUpperCase(),
      country: address.country.toLowerCase(),
    }
    const result = await api.call(addressEditEndpoint, { cid: CID, id: address.id, ...body }, { token: carpenterToken })
    expect(result.httpStatus, result.messages.join(' ')).toBe(200)
    const data = result.data
    expect(data.changed.sort()).toEqual(['email', 'name1', 'name2', 'phone'])
    expect(data.address).toMatchObject({
      id: address.id,
      name1: 'Nach der Änderung',
      name2: 'Rampe 3',
      phone: '+49 711 999',
      email: '',
      city: address.city,
      zip: address.zip,
    })
    const [row] = (await rowsOf(CID)).filter((candidate) => candidate.id === address.id)
    expect(row).toMatchObject({ name1: 'Nach der Änderung', phone: '+49 711 999', city: address.city })
    expect(await lastAudit('edit_delivery_address', address.id)).toMatchObject({ actorUserId: carpenter.userId, entity: 'delivery_address' })
  })

  it('takes only name1 and phone (the address fields left out), also as a form', async () => {
    const address = await create(CID, { name1: 'Knapp' })
    const form = new FormData()
    form.set('name1', 'Knapp geändert')
    form.set('phone', '+49 711 1')
    const result = await api.upload(addressEditEndpoint, { cid: CID, id: address.id }, { form }, { token: carpenterToken })
    expect(result.httpStatus, result.messages.join(' ')).toBe(200)
    expect(result.data.address).toMatchObject({ name1: 'Knapp geändert', phone: '+49 711 1', city: NEW_ADDRESS.city })
  })

  it('keeps name2, mobile and e-mail when the edit leaves them out; an empty one clears it', async () => {
    const address = await create(CID, { name1: 'Behält', name2: 'Tor 7', mobile: '+49 170 1', email: 'tor7@maurer.example' })
    const result = await api.call(addressEditEndpoint, { cid: CID, id: address.id, name1: 'Behält alles', phone: '+49 711 7' }, { token: carpenterToken })
    expect(result.httpStatus, result.messages.join(' ')).toBe(200)
    const data = result.data
    expect(data.changed.sort()).toEqual(['name1', 'phone'])
    const kept = { name2: 'Tor 7', mobile: '+49 170 1', email: 'tor7@maurer.example' }
    expect(data.address).toMatchObject({ name1: 'Behält alles', ...kept })
    const [row] = (await rowsOf(CID)).filter((candidate) => candidate.id === address.id)
    expect(row).toMatchObject({ name1: 'Behält alles', phone: '+49 711 7', ...kept })
    const cleared = await api.call(
      addressEditEndpoint,
      { cid: CID, id: address.id, name1: 'Behält alles', phone: '+49 711 7', mobile: '' },
      { token: carpenterToken },
    )
    expect(cleared.data).toMatchObject({ changed: ['mobile'], address: { mobile: '', name2: 'Tor 7' } })
  })

  it('edits the delivery address itself', async () => {
    const [delivery] = await deliveryOf(CID)
    const result = await api.call(
      addressEditEndpoint,
      { cid: CID, id: delivery!.id, name1: delivery!.name1, phone: '+49 711 424242' },
      { token: carpenterToken },
    )
    expect(result.httpStatus, result.messages.join(' ')).toBe(200)
    expect(result.data).toMatchObject({ changed: ['phone'], address: { is_delivery: true } })
  })

  it.each(['address1', 'address2', 'zip', 'city', 'country'])('refuses a changed read-only %s with 400, changing nothing', async (field) => {
    const address = await create(CID, { name1: `Nur lesen ${field}` })
    const value = field === 'country' ? 'AT' : 'Anders 1'
    const result = await expectRefused(CID, 400, () =>
      api.call(addressEditEndpoint, { cid: CID, id: address.id, name1: 'Neu', phone: '1', [field]: value }, { token: carpenterToken, locale: 'de' }),
    )
    expect(result.messages).toEqual([`Die Anschrift selbst kann nicht geändert werden (${field}). Legen Sie stattdessen eine neue Adresse an.`])
    const english = await expectRefused(CID, 400, () =>
      api.call(addressEditEndpoint, { cid: CID, id: address.id, name1: 'Neu', phone: '1', [field]: value }, { token: carpenterToken }),
    )
    expect(english.messages[0]).toContain(field)
  })

  it('refuses editing an inactive address with 409, changing nothing', async () => {
    const inactive = await inactiveOne()
    const result = await expectRefused(CID, 409, () =>
      api.call(addressEditEndpoint, { cid: CID, id: inactive, name1: 'Wieder da', phone: '1' }, { token: carpenterToken }),
    )
    expect(result.messages).toEqual(['This address is inactive. Make it active first.'])
  })

  it('requires name1 and phone, a valid e-mail if given, no NUL bytes, no huge values: 400, changing nothing', async () => {
    const address = await activeOther()
    for (const body of [
      { phone: '1' },
      { name1: 'x' },
      { name1: '  ', phone: '1' },
      { name1: 'x', phone: ' ' },
      { name1: 'x', phone: '1', email: 'kein-at' },
      { name1: 'x\0y', phone: '1' },
      { name1: 'x'.repeat(100_000), phone: '1' },
      { name1: 'x', phone: '1', city: 'z'.repeat(5_000) },
    ]) {
      const result = await expectRefused(CID, 400, () =>
        api.call(addressEditEndpoint, unchecked({ cid: CID, id: address.id, ...body }), { token: carpenterToken }),
      )
      expect(result.messages.length, JSON.stringify(body).slice(0, 60)).toBeGreaterThan(0)
    }
    const german = await expectRefused(CID, 400, () =>
      api.call(addressEditEndpoint, unchecked({ cid: CID, id: address.id }), { token: carpenterToken, locale: 'de' }),
    )
    expect(german.messages.join(' ')).toMatch(/Pflichtfeld/)
    await expectRefused(CID, 415, () => raw(`/vue/company/${CID}/address/${address.id}/edit/`, '{}', 'text/plain'))
  })

  it('answers another company’s address with 404, a foreign company with 403, no token with 401', async () => {
    const foreign = await foreignAddressId()
    const body = { name1: 'Übernommen', phone: '1' }
    await expectRefused(industry.companyId, 404, () => api.call(addressEditEndpoint, { cid: CID, id: foreign, ...body }, { token: carpenterToken }))
    await expectRefused(industry.companyId, 403, () =>
      api.call(addressEditEndpoint, { cid: industry.companyId, id: foreign, ...body }, { token: carpenterToken }),
    )
    const [theirs] = await deliveryOf(sibling)
    await expectRefused(sibling, 403, () => api.call(addressEditEndpoint, { cid: sibling, id: theirs!.id, ...body }, { token: dealerToken }))
    await expectRefused(industry.companyId, 401, () => api.call(addressEditEndpoint, { cid: industry.companyId, id: foreign, ...body }))
  })

  it('lets a dealer admin manage the addresses of a company below its own (the companies tree links there)', async () => {
    const [delivery] = await deliveryOf(industry.companyId)
    const result = await api.call(
      addressEditEndpoint,
      { cid: industry.companyId, id: delivery!.id, name1: delivery!.name1, phone: '+49 30 1' },
      { token: dealerToken },
    )
    expect(result.httpStatus, result.messages.join(' ')).toBe(200)
    expect(await lastAudit('edit_delivery_address', delivery!.id)).toMatchObject({ actorUserId: dealer.userId })
  })

  it('records the real actor while switched: staff acting as the carpenter', async () => {
    const switched = await api.switchTo(carpenter, { by: staffToken })
    const address = await activeOther()
    const result = await api.call(addressEditEndpoint, { cid: CID, id: address.id, name1: 'Im Auftrag', phone: '+49 1' }, { token: switched.token })
    expect(result.httpStatus, result.messages.join(' ')).toBe(200)
    expect(await lastAudit('edit_delivery_address', address.id)).toMatchObject({ actorUserId: staff.userId, actingAsUserId: carpenter.userId })
  })
})

describe('the database itself', () => {
  const db = () => api.database.db
  const row = (companyId: number, extra: Partial<typeof deliveryAddresses.$inferInsert> = {}) => ({ companyId, ...NEW_ADDRESS, ...extra })

  it('refuses a second delivery address of a company', async () => {
    const before = await state(CID)
    await expect(
      db()
        .insert(deliveryAddresses)
        .values(row(CID, { isDelivery: true, active: true })),
    ).rejects.toThrow()
    expect(await state(CID)).toBe(before)
  })

  it('refuses an inactive delivery address', async () => {
    const before = await state(CID)
    const [delivery] = await deliveryOf(CID)
    await expect(db().update(deliveryAddresses).set({ active: false }).where(eq(deliveryAddresses.id, delivery!.id))).rejects.toThrow()
    expect(await state(CID)).toBe(before)
  })

  it('refuses, at commit, a company with addresses but no delivery address', async () => {
    const before = await state(CID)
    const [delivery] = await deliveryOf(CID)
    await expect(db().update(deliveryAddresses).set({ isDelivery: false }).where(eq(deliveryAddresses.id, delivery!.id))).rejects.toThrow()
    await expect(db().delete(deliveryAddresses).where(eq(deliveryAddresses.id, delivery!.id))).rejects.toThrow()
    await expect(
      db().transaction(async (tx) => {
        await tx.update(deliveryAddresses).set({ isDelivery: false }).where(eq(deliveryAddresses.id, delivery!.id))
      }),
    ).rejects.toThrow()
    expect(await state(CID)).toBe(before)
    // A first address that is not the delivery address is refused too.
    const empty = await emptyCompany('Leer GmbH')
    await expect(
      db()
        .insert(deliveryAddresses)
        .values(row(empty, { isDelivery: false })),
    ).rejects.toThrow()
    expect(await rowsOf(empty)).toEqual([])
  })

  it('lets one transaction move the mark from one address to another', async () => {
    const [delivery] = await deliveryOf(CID)
    const other = await activeOther()
    await db().transaction(async (tx) => {
      await tx.update(deliveryAddresses).set({ isDelivery: false }).where(eq(deliveryAddresses.id, delivery!.id))
      await tx.update(deliveryAddresses).set({ isDelivery: true }).where(eq(deliveryAddresses.id, other.id))
    })
    expect((await deliveryOf(CID)).map((candidate) => candidate.id)).toEqual([other.id])
    expect(await db().$count(deliveryAddresses, and(eq(deliveryAddresses.isDelivery, true), eq(deliveryAddresses.active, false)))).toBe(0)
  })

  it('holds in the seeded data: every company with addresses has exactly one active delivery address', async () => {
    const rows = await db()
      .select({
        companyId: deliveryAddresses.companyId,
        deliveries: sql<number>`count(*) filter (where ${deliveryAddresses.isDelivery} and ${deliveryAddresses.active})::int`,
      })
      .from(deliveryAddresses)
      .groupBy(deliveryAddresses.companyId)
    expect(rows.length).toBeGreaterThan(5)
    expect(rows.filter((entry) => entry.deliveries !== 1)).toEqual([])
  })
})
