import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, count, eq } from 'drizzle-orm'
import { subCompaniesEndpoint } from '../../src/contract/company-tree'
import { companies } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'
import { unchecked } from '../helpers/endpoint-call'
import { addCompany, siblingDealerCompany } from './tree-helpers'

// GET /vue/company/{id}/sub-companies2/?root=1|0 (decision 027).
let api: TestApi
const tokens: Record<string, string> = {}
let pagedParent = 0
const PAGED_CHILDREN = 25

beforeAll(async () => {
  api = await startApi()
  for (const role of ['staff', 'dealer', 'carpenter', 'industry', 'translator'] as const) tokens[role] = await api.loginAs(DEMO_ACCOUNTS[role].username)
  pagedParent = await addCompany(api, dealer.companyId, { name1: 'Paging Parent' })
  for (let i = 0; i < PAGED_CHILDREN; i++) await addCompany(api, pagedParent, { name1: `Paged Child ${String(i).padStart(2, '0')}` })
})
afterAll(() => api.close())

const { staff, dealer, carpenter, industry } = DEMO_ACCOUNTS
type TreeQuery = { root?: '0' | '1'; limit?: number; offset?: number }
const tree = (id: number | string, query: TreeQuery = {}, token?: string, locale?: 'de' | 'en') =>
  api.call(subCompaniesEndpoint, { id, ...query }, { token, locale })

async function childrenInDb(parentId: number) {
  return api.database.db.select({ id: companies.id }).from(companies).where(eq(companies.parentId, parentId)).orderBy(asc(companies.name1), asc(companies.id))
}

describe('GET /vue/company/{id}/sub-companies2/', () => {
  it('root=1: the dealer’s own company as the root node, expanded, with its direct children', async () => {
    const result = await tree(dealer.companyId, { root: '1' }, tokens.dealer)
    expect(result.httpStatus).toBe(200)
    const answer = result.data
    expect(answer.companies).toHaveLength(1)
    const [root] = answer.companies
    expect(root).toMatchObject({ id: dealer.companyId, name1: 'Holzhandel Brenner GmbH & Co. KG', company_type: 'D', has_children: true, expanded: true })
    expect(root!.country).toEqual(['DE', 'Germany'])
    const expected = await childrenInDb(dealer.companyId)
    expect(root!.children.map((child) => child.id)).toEqual(expected.map((row) => row.id))
    expect(answer.total).toBe(expected.length)
    for (const child of root!.children) expect(child).toMatchObject({ expanded: false, children: [] })
  })

  it('root=0 (and no root): the direct children, each saying whether it has children', async () => {
    const zero = (await tree(dealer.companyId, { root: '0' }, tokens.dealer)).data
    const absent = (await tree(dealer.companyId, {}, tokens.dealer)).data
    expect(absent).toEqual(zero)
    const carpenterNode = zero.companies.find((node) => node.id === carpenter.companyId)
    expect(carpenterNode).toMatchObject({ name1: 'Schreinerei Maurer', customer_number: '200034', city: 'Reutlingen', company_type: 'C', has_children: true })
    const below = (await tree(carpenter.companyId, { root: '0' }, tokens.dealer)).data
    expect(below.companies).toHaveLength(3)
    expect(below.companies.every((node) => node.company_type === 'E' && !node.has_children)).toBe(true)
    expect(below.total).toBe(3)
  })

  it('lets staff open the supplier and any dealer’s level', async () => {
    const root = (await tree(staff.companyId, { root: '1' }, tokens.staff)).data
    const [{ n } = { n: 0 }] = await api.database.db.select({ n: count() }).from(companies).where(eq(companies.parentId, staff.companyId))
    expect(root.companies[0]?.id).toBe(staff.companyId)
    expect(root.companies[0]?.children).toHaveLength(n)
    const sibling = await siblingDealerCompany(api)
    expect((await tree(sibling.id, {}, tokens.staff)).httpStatus).toBe(200)
  })

  it('labels the country in the caller’s language', async () => {
    const answer = (await tree(dealer.companyId, { root: '1' }, tokens.dealer, 'de')).data
    expect(answer.companies[0]?.country).toEqual(['DE', 'Deutschland'])
  })

  it('answers all children by default and pages with limit and offset, in the same order', async () => {
    const all = (await tree(pagedParent, {}, tokens.dealer)).data
    expect(all.companies).toHaveLength(PAGED_CHILDREN)
    expect(all.total).toBe(PAGED_CHILDREN)
    const pages = []
    for (const offset of [0, 10, 20]) {
      const page = (await tree(pagedParent, { limit: 10, offset }, tokens.dealer)).data
      expect(page.total).toBe(PAGED_CHILDREN)
      pages.push(...page.companies)
    }
    expect(pages.map((node) => node.name1)).toEqual(all.companies.map((node) => node.name1))
    expect(pages.map((node) => node.name1).slice(0, 2)).toEqual(['Paged Child 00', 'Paged Child 01'])
    const past = (await tree(pagedParent, { limit: 10, offset: 100 }, tokens.dealer)).data
    expect(past).toEqual({ companies: [], total: PAGED_CHILDREN })
    const rootPage = (await tree(pagedParent, { root: '1', limit: 5, offset: 5 }, tokens.dealer)).data
    expect(rootPage.companies[0]?.children.map((node) => node.name1)).toEqual(all.companies.slice(5, 10).map((node) => node.name1))
  })

  it.each([
    ['root=2', 'root must be one of: 0, 1.'],
    ['root=true', 'root must be one of: 0, 1.'],
    ['limit=0', 'limit must be at least 1.'],
    ['limit=1001', 'limit must be at most 1000.'],
    ['limit=abc', 'limit is not correct.'],
    ['offset=-1', 'Offset must be at least 0.'],
    ['offset=99999999999', 'Offset must be at most 2147483647.'],
  ])('refuses ?%s with 400', async (query, message) => {
    const result = await api.call(subCompaniesEndpoint, unchecked({ id: dealer.companyId, ...Object.fromEntries(new URLSearchParams(query)) }), {
      token: tokens.dealer,
    })
    expect(result.httpStatus).toBe(400)
    expect(result.messages).toEqual([message])
  })

  it('refuses a NUL byte in the query with 400', async () => {
    const result = await api.request('GET', `/vue/company/${dealer.companyId}/sub-companies2/?root=%00`, { token: tokens.dealer })
    expect(result.httpStatus).toBe(400)
    expect(result.messages[0]).toContain('NUL')
  })

  it.each(['abc', '0', '-1', '1.5', '2147483648', '99999999999'])('refuses the id %s with 400', async (id) => {
    const result = await tree(id, {}, tokens.dealer)
    expect(result.httpStatus).toBe(400)
    expect(result.status).toBe(false)
  })

  it('needs a token', async () => {
    const result = await tree(dealer.companyId)
    expect(result.httpStatus).toBe(401)
    expect(result.messages).toEqual(['Please log in first.'])
  })

  it.each(['carpenter', 'industry', 'translator'])('refuses the %s account (no IS_DEALER_ADMIN) with 403, even its own company', async (role) => {
    const account = DEMO_ACCOUNTS[role as 'carpenter' | 'industry' | 'translator']
    const result = await tree(account.companyId, { root: '1' }, tokens[role])
    expect(result.httpStatus).toBe(403)
    expect(result.messages).toEqual(['You are not allowed to do this.'])
  })

  it('refuses a sibling dealer’s company with 403, like an id that does not exist', async () => {
    const sibling = await siblingDealerCompany(api)
    const foreign = await tree(sibling.id, { root: '1' }, tokens.dealer)
    const unknown = await tree(1_999_999, { root: '1' }, tokens.dealer)
    const above = await tree(staff.companyId, { root: '1' }, tokens.dealer)
    for (const result of [foreign, unknown, above]) {
      expect(result.httpStatus).toBe(403)
      expect(result.messages).toEqual(['You are not allowed to access this company.'])
    }
  })

  it('tells staff that an id does not exist', async () => {
    const result = await tree(1_999_999, {}, tokens.staff)
    expect(result.httpStatus).toBe(404)
  })

  it('says its refusals in German too', async () => {
    const forbidden = await tree(industry.companyId, {}, tokens.industry, 'de')
    expect(forbidden.messages).toEqual(['Dazu sind Sie nicht berechtigt.'])
    const sibling = await siblingDealerCompany(api)
    const foreign = await tree(sibling.id, {}, tokens.dealer, 'de')
    expect(foreign.httpStatus).toBe(403)
    expect(foreign.messages[0]).toMatch(/Unternehmen/)
    const bad = await tree(dealer.companyId, { limit: 0 }, tokens.dealer, 'de')
    expect(bad.messages).toEqual(['limit muss mindestens 1 sein.'])
  })
})
