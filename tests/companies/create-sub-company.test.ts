import { eq, getTableColumns } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSubCompanyEndpoint, setParentReadEndpoint } from '../../src/contract/company-parent'
import { companyInfoEndpoint } from '../../src/contract/companies'
import { companies, companyTree } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS, DEMO_COMPANY_IDS } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'
import { unchecked } from '../helpers/endpoint-call'
import { auditEntries, childrenOf, companyCount, expectConsistentTree, rowOf, siblingDealer } from './company-tree'

// POST /vue/company/{cid}/create/sub-company/ (decision 029).
let api: TestApi
let dealerToken: string
let sibling: { id: number; childId: number }

beforeAll(async () => {
  api = await startApi()
  dealerToken = await api.loginAs(DEMO_ACCOUNTS.dealer.username)
  sibling = await siblingDealer(api)
})
afterAll(() => api.close())

const REQUIRED = { name1: 'Möbelbau Kranich', address1: 'Lindenweg 3', zip: '72764', city: 'Reutlingen', country: 'DE' }
// The body as each test gives it, also without required fields or with refused values.
const create = (cid: number | string, body: Record<string, unknown>, token = dealerToken, locale: 'de' | 'en' = 'en') =>
  api.call(createSubCompanyEndpoint, unchecked({ ...body, cid }), { token, locale })

async function rowById(id: number) {
  const [row] = await api.database.db
    .select({ ...getTableColumns(companies), path: companyTree.path, depth: companyTree.depth })
    .from(companies)
    .innerJoin(companyTree, eq(companyTree.companyId, companies.id))
    .where(eq(companies.id, id))
  return row
}

describe('POST /vue/company/{cid}/create/sub-company/', () => {
  it('creates a company below {cid} with every field, audited, and the parent’s reads show it at once', async () => {
    // A leaf: its info says it has no children (and is cached so).
    const [leaf] = await childrenOf(api, DEMO_COMPANY_IDS.carpenter)
    expect((await api.call(companyInfoEndpoint, { id: leaf }, { token: dealerToken })).data.has_children).toBe(false)
    const body = {
      ...REQUIRED,
      name2: '  Inh. Eva Kranich ',
      address2: 'Hinterhaus',
      company_type: 'E',
      vat_number: 'DE123456789',
      customer_number: '990001',
      email: 'info@kranich.example',
      phone: '+49 7121 1234',
      mobile: '+49 170 1234567',
    }
    const result = await create(leaf!, body)
    expect(result.httpStatus).toBe(200)
    const data = result.data
    const parent = await rowOf(api, leaf!)
    expect(data).toEqual({ id: data.id, company: [data.id, 'Möbelbau Kranich'], parent: [leaf, parent.name1] })
    const row = await rowById(data.id)
    expect(row).toMatchObject({
      parentId: leaf,
      path: `${parent.path}${data.id}/`,
      depth: parent.depth + 1,
      name2: 'Inh. Eva Kranich',
      companyType: 'E',
      customerNumber: '990001',
      email: 'info@kranich.example',
      country: 'DE',
    })
    await expectConsistentTree(api)
    expect((await api.call(companyInfoEndpoint, { id: leaf }, { token: dealerToken })).data.has_children).toBe(true)
    const [entry] = await auditEntries(api, 'create_company')
    expect(entry).toMatchObject({ actorUserId: DEMO_ACCOUNTS.dealer.userId, actingAsUserId: null, entity: 'company', entityId: String(data.id) })
    expect(entry?.details).toMatchObject({ parent: leaf, name1: 'Möbelbau Kranich', company_type: 'E' })
    // The new company is in the tree: among the dealer's possible parents below its parent.
    const tree = (await api.call(setParentReadEndpoint, { id: DEMO_COMPANY_IDS.industry, node: leaf }, { token: dealerToken })).data
    expect(tree.children.map((child) => child.id)).toContain(data.id)
  })

  it('takes the required fields only: type X, empty optional fields, no customer number; a lower-case country', async () => {
    const result = await create(DEMO_COMPANY_IDS.dealer, { ...REQUIRED, country: 'at', email: '   ' })
    expect(result.httpStatus).toBe(200)
    const row = await rowById(result.data.id)
    expect(row).toMatchObject({ companyType: 'X', name2: '', customerNumber: null, email: '', country: 'AT', parentId: DEMO_COMPANY_IDS.dealer, depth: 2 })
  })

  it('lets staff create anywhere', async () => {
    const token = await api.loginAs(DEMO_ACCOUNTS.staff.username)
    expect((await create(sibling.id, REQUIRED, token)).httpStatus).toBe(200)
  })

  it('records the real person while switched', async () => {
    const staffToken = await api.loginAs(DEMO_ACCOUNTS.staff.username)
    const switched = await api.switchTo(DEMO_ACCOUNTS.dealer, { by: staffToken })
    const result = await create(DEMO_COMPANY_IDS.dealer, REQUIRED, switched.token)
    expect(result.httpStatus).toBe(200)
    const [entry] = await auditEntries(api, 'create_company')
    expect(entry).toMatchObject({ actorUserId: DEMO_ACCOUNTS.staff.userId, actingAsUserId: DEMO_ACCOUNTS.dealer.userId })
  })

  describe('refuses and creates nothing', () => {
    let count: number
    let entries: number
    beforeAll(async () => {
      count = await companyCount(api)
      entries = (await auditEntries(api, 'create_company')).length
    })
    const unchanged = async () => {
      expect(await companyCount(api)).toBe(count)
      expect(await auditEntries(api, 'create_company')).toHaveLength(entries)
    }

    it('every required field missing, each named', async () => {
      const result = await create(DEMO_COMPANY_IDS.dealer, {})
      expect(result.httpStatus).toBe(400)
      expect(result.messages).toEqual([
        'Name is a required field.',
        'Street and number is a required field.',
        'Postcode is a required field.',
        'City is a required field.',
        'Country is a required field.',
      ])
      await unchanged()
    })

    it.each([
      ['blank name', { name1: '   ' }, 'Name is a required field.'],
      ['a name too long', { name1: 'x'.repeat(101) }, 'Name must be at most 100 characters long.'],
      ['a postcode too long', { zip: '1'.repeat(21) }, 'Postcode must be at most 20 characters long.'],
      ['a bad e-mail', { email: 'no-at-sign' }, 'E-mail must be a valid e-mail address.'],
      ['a country that is no code', { country: 'Germany' }, 'Country: “Germany” is not a known country code.'],
      ['an unknown country', { country: 'QQ' }, 'Country: “QQ” is not a known country code.'],
      ['an unknown company type', { company_type: 'Z' }, 'Company type must be one of: X, C, D, I, E.'],
      ['a number as name', { name1: 42 }, 'Name is not correct.'],
      ['a NUL byte', { city: 'Reut\u0000lingen' }, '“city” contains a NUL character (a zero byte), which is not allowed.'],
    ])('%s (400)', async (_, change, message) => {
      const result = await create(DEMO_COMPANY_IDS.dealer, { ...REQUIRED, ...change })
      expect(result.httpStatus).toBe(400)
      expect(result.messages).toContain(message)
      await unchanged()
    })

    it('a customer number another company has (409), in German too', async () => {
      const taken = await create(DEMO_COMPANY_IDS.dealer, { ...REQUIRED, customer_number: '200034' })
      expect(taken).toMatchObject({ httpStatus: 409, messages: ['The customer number 200034 already belongs to another company.'] })
      const german = await create(DEMO_COMPANY_IDS.dealer, { ...REQUIRED, customer_number: ' 200034 ' }, dealerToken, 'de')
      expect(german).toMatchObject({ httpStatus: 409, messages: ['Die Kundennummer 200034 hat bereits ein anderes Unternehmen.'] })
      await unchanged()
    })

    it('a body that is not JSON (415) or malformed (400)', async () => {
      const send = (text: string, type: string) =>
        api.request('POST', `/vue/company/${DEMO_COMPANY_IDS.dealer}/create/sub-company/`, {
          token: dealerToken,
          rawBody: text,
          headers: { 'content-type': type },
        })
      expect((await send('name1=x', 'application/x-www-form-urlencoded')).httpStatus).toBe(415)
      expect((await send('{"name1":', 'application/json')).httpStatus).toBe(400)
      await unchanged()
    })

    it('other roles (403), a sibling dealer’s company (403 before lookup), unknown and bad ids, no token (401)', async () => {
      for (const role of ['carpenter', 'industry', 'translator', 'guest'] as const) {
        const token = await api.loginAs(DEMO_ACCOUNTS[role].username)
        expect(await create(DEMO_ACCOUNTS[role].companyId, REQUIRED, token)).toMatchObject({ httpStatus: 403, messages: ['You are not allowed to do this.'] })
      }
      expect(await create(sibling.childId, REQUIRED)).toMatchObject({ httpStatus: 403, messages: ['You are not allowed to access this company.'] })
      expect(await create(2_000_000, REQUIRED)).toMatchObject({ httpStatus: 403 })
      expect(await create(2_000_000, REQUIRED, await api.loginAs(DEMO_ACCOUNTS.staff.username))).toMatchObject({ httpStatus: 404 })
      expect(await create('abc', REQUIRED)).toMatchObject({ httpStatus: 400, messages: ['Company is not correct.'] })
      expect((await create(DEMO_COMPANY_IDS.dealer, REQUIRED, '')).httpStatus).toBe(401)
      await unchanged()
    })
  })
})
