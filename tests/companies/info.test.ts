import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, like, not } from 'drizzle-orm'
import { companyInfo, companyInfoEndpoint } from '../../src/contract/companies'
import { companies, companyTree } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS, DEMO_ROLES } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'

let api: TestApi
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

const { staff, dealer, carpenter, industry } = DEMO_ACCOUNTS

async function pathOf(id: number): Promise<string> {
  const [row] = await api.database.db.select({ path: companyTree.path }).from(companyTree).where(eq(companyTree.companyId, id))
  if (!row) throw new Error(`no company ${id}`)
  return row.path
}

describe('GET /vue/company/{id}/info/', () => {
  it.each(DEMO_ROLES)('gives the %s account its own company with choices and defaults', async (role) => {
    const account = DEMO_ACCOUNTS[role]
    const token = await api.loginAs(account.username)
    const result = await api.call(companyInfoEndpoint, { id: account.companyId }, { token })
    expect(result.httpStatus).toBe(200)
    const info = companyInfo.parse(result.data)
    expect(info.id).toBe(account.companyId)
    expect(info.lines).toHaveLength(account.lineCount)
    expect(info.country_choices.length).toBeGreaterThan(5)
    expect(info.country).not.toBeNull()
    expect(info.region_choices.length).toBeGreaterThan(0)
    expect(info.discount_group_default).not.toBeNull()
    expect(info.breadcrumbs.at(-1)?.[0]).toBe(account.companyId)
    expect(info.breadcrumbs[0]?.[0]).toBe(account.companyId)
  })

  it('names the parent and whether children exist', async () => {
    const token = await api.loginAs(staff.username)
    const dealerInfo = companyInfo.parse((await api.call(companyInfoEndpoint, { id: dealer.companyId }, { token })).data)
    const [root] = await api.database.db.select({ name: companies.name1 }).from(companies).where(eq(companies.id, staff.companyId))
    expect(dealerInfo.parent).toEqual([staff.companyId, root?.name])
    expect(dealerInfo.has_children).toBe(true)
    const rootInfo = companyInfo.parse((await api.call(companyInfoEndpoint, { id: staff.companyId }, { token })).data)
    expect(rootInfo.parent).toBeNull()
    expect(rootInfo.has_children).toBe(true)
    expect(rootInfo.lines).toEqual([])
    const carpenterInfo = companyInfo.parse((await api.call(companyInfoEndpoint, { id: carpenter.companyId }, { token })).data)
    expect(carpenterInfo.lines).toHaveLength(1)
    expect(carpenterInfo.last_line).toEqual(carpenterInfo.lines[0])
  })

  it('lets a dealer admin open a company two levels below', async () => {
    const dealerPath = await pathOf(dealer.companyId)
    const [deep] = await api.database.db
      .select({ id: companyTree.companyId, path: companyTree.path })
      .from(companyTree)
      .where(and(like(companyTree.path, `${dealerPath}%/%/`), not(eq(companyTree.companyId, dealer.companyId))))
      .limit(1)
    expect(deep).toBeDefined()
    const token = await api.loginAs(dealer.username)
    const result = await api.call(companyInfoEndpoint, { id: deep!.id }, { token })
    expect(result.httpStatus).toBe(200)
    const info = companyInfo.parse(result.data)
    expect(info.breadcrumbs[0]).toEqual([dealer.companyId, expect.any(String)])
    expect(info.breadcrumbs.length).toBeGreaterThanOrEqual(3)
  })

  it('refuses a dealer admin a company outside its subtree with 403', async () => {
    const dealerPath = await pathOf(dealer.companyId)
    const [outside] = await api.database.db
      .select({ id: companyTree.companyId })
      .from(companyTree)
      .where(and(not(like(companyTree.path, `${dealerPath}%`))))
      .limit(1)
    const token = await api.loginAs(dealer.username)
    const result = await api.call(companyInfoEndpoint, { id: outside!.id }, { token })
    expect(result.httpStatus).toBe(403)
    expect(result.messages).toEqual(['You are not allowed to access this company.'])
  })

  it('refuses a user without IS_DEALER_ADMIN any other company, even its parent', async () => {
    const token = await api.loginAs(carpenter.username)
    const result = await api.call(companyInfoEndpoint, { id: dealer.companyId }, { token })
    expect(result.httpStatus).toBe(403)
  })

  it('answers an unknown id like any out-of-scope id for a dealer, and 404 for staff', async () => {
    const dealerToken = await api.loginAs(dealer.username)
    expect((await api.call(companyInfoEndpoint, { id: 999999 }, { token: dealerToken })).httpStatus).toBe(403)
    const staffToken = await api.loginAs(staff.username)
    const result = await api.call(companyInfoEndpoint, { id: 999999 }, { token: staffToken })
    expect(result.httpStatus).toBe(404)
    expect(result.messages).toEqual(['This company does not exist.'])
  })

  it('lets staff open any company', async () => {
    const token = await api.loginAs(staff.username)
    expect((await api.call(companyInfoEndpoint, { id: industry.companyId }, { token })).httpStatus).toBe(200)
  })

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('refuses the id %s with 400', async (id) => {
    const token = await api.loginAs(staff.username)
    const result = await api.call(companyInfoEndpoint, { id }, { token })
    expect(result.httpStatus).toBe(400)
    expect(result.status).toBe(false)
  })

  it('needs a token', async () => {
    expect((await api.call(companyInfoEndpoint, { id: staff.companyId })).httpStatus).toBe(401)
  })

  it('labels choices in German for German callers', async () => {
    const token = await api.loginAs(carpenter.username)
    const info = companyInfo.parse((await api.call(companyInfoEndpoint, { id: carpenter.companyId }, { token, locale: 'de' })).data)
    expect(info.country_choices.find(([code]) => code === 'DE')?.[1]).toBe('Deutschland')
  })
})
