import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { companyInfo, companyInfoEndpoint } from '../../src/contract/companies'
import { changeLineAndShopEndpoint, materialListEndpoint } from '../../src/contract/lines'
import { auditLog, companies, companyLines, productionLines, users } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'
import { unchecked } from '../helpers/endpoint-call'

let api: TestApi
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

const { staff, dealer, carpenter, industry } = DEMO_ACCOUNTS

async function lineIdsOf(companyId: number): Promise<number[]> {
  const rows = await api.database.db.select({ id: companyLines.lineId }).from(companyLines).where(eq(companyLines.companyId, companyId))
  return rows.map((row) => row.id)
}

describe('GET /vue/company/{cid}/material-list/', () => {
  it('lists the materials of exactly the company’s lines', async () => {
    const token = await api.loginAs(industry.username)
    const result = await api.call(materialListEndpoint, { cid: industry.companyId }, { token })
    expect(result.httpStatus).toBe(200)
    const { materials2line } = result.data
    expect(materials2line.length).toBeGreaterThan(10)
    const names = await api.database.db
      .select({ name: productionLines.name })
      .from(companyLines)
      .innerJoin(productionLines, eq(productionLines.id, companyLines.lineId))
      .where(eq(companyLines.companyId, industry.companyId))
    expect(new Set(materials2line.map((row) => row.line__name))).toEqual(new Set(names.map((row) => row.name)))
    expect(materials2line[0]?.thicknesses).toMatch(/^\d+(\|\d+)*$/)
  })

  it('lets a dealer admin read a sub-company’s materials', async () => {
    const token = await api.loginAs(dealer.username)
    expect((await api.call(materialListEndpoint, { cid: carpenter.companyId }, { token })).httpStatus).toBe(200)
  })

  it('refuses a company out of scope, a bad id and a missing token', async () => {
    const token = await api.loginAs(carpenter.username)
    expect((await api.call(materialListEndpoint, { cid: industry.companyId }, { token })).httpStatus).toBe(403)
    expect((await api.call(materialListEndpoint, { cid: 'x' }, { token })).httpStatus).toBe(400)
    expect((await api.call(materialListEndpoint, { cid: carpenter.companyId })).httpStatus).toBe(401)
  })
})

describe('POST /vue/change-line-and-shop/', () => {
  it('makes the line the last line of company and user and answers the shop URL', async () => {
    const token = await api.loginAs(industry.username)
    const lines = await lineIdsOf(industry.companyId)
    const target = lines.at(-1)!
    const result = await api.call(changeLineAndShopEndpoint, { line: target, cid: industry.companyId }, { token })
    expect(result.httpStatus).toBe(200)
    const data = result.data
    expect(data.shop_url).toBe(`http://localhost/dealer/company/${industry.companyId}/shop/`)
    expect(data.last_line[0]).toBe(target)
    const [company] = await api.database.db.select({ last: companies.lastLineId }).from(companies).where(eq(companies.id, industry.companyId))
    const [user] = await api.database.db.select({ last: users.lastLineId }).from(users).where(eq(users.id, industry.userId))
    expect(company?.last).toBe(target)
    expect(user?.last).toBe(target)
    // The company info answer shows the new last line at once (its cache entry was dropped).
    const info = companyInfo.parse((await api.call(companyInfoEndpoint, { id: industry.companyId }, { token })).data)
    expect(info.last_line?.[0]).toBe(target)
    const audited = await api.database.db.select().from(auditLog).where(eq(auditLog.action, 'change_line'))
    expect(audited.some((row) => row.entityId === String(industry.companyId))).toBe(true)
  })

  it('accepts the line and company as strings, as the legacy form sends them', async () => {
    const token = await api.loginAs(carpenter.username)
    const [line] = await lineIdsOf(carpenter.companyId)
    const result = await api.call(changeLineAndShopEndpoint, { line: String(line), cid: String(carpenter.companyId) }, { token })
    expect(result.httpStatus).toBe(200)
  })

  it('refuses a line the company does not have', async () => {
    const token = await api.loginAs(carpenter.username)
    const own = await lineIdsOf(carpenter.companyId)
    const all = await api.database.db.select({ id: productionLines.id }).from(productionLines)
    const foreign = all.map((row) => row.id).find((id) => !own.includes(id))
    const result = await api.call(changeLineAndShopEndpoint, { line: foreign, cid: carpenter.companyId }, { token })
    expect(result.httpStatus).toBe(400)
    expect(result.messages).toEqual(['This line is not one of the company’s lines.'])
  })

  it.each([
    ['no line', { cid: 3 }, 'Line is a required field.'],
    ['no company', { line: 1 }, 'Company is a required field.'],
    ['a text line', { line: 'abc', cid: 3 }, 'Line is not correct.'],
  ])('refuses %s with 400', async (_, body, message) => {
    const token = await api.loginAs(carpenter.username)
    const result = await api.call(changeLineAndShopEndpoint, unchecked(body), { token })
    expect(result.httpStatus).toBe(400)
    expect(result.messages).toContain(message)
  })

  it('refuses a company out of scope and a missing token', async () => {
    const token = await api.loginAs(carpenter.username)
    const [line] = await lineIdsOf(industry.companyId)
    expect((await api.call(changeLineAndShopEndpoint, { line, cid: industry.companyId }, { token })).httpStatus).toBe(403)
    expect((await api.call(changeLineAndShopEndpoint, { line, cid: industry.companyId })).httpStatus).toBe(401)
  })

  it('lets staff choose a line for any company', async () => {
    const token = await api.loginAs(staff.username)
    const [line] = await lineIdsOf(dealer.companyId)
    expect((await api.call(changeLineAndShopEndpoint, { line, cid: dealer.companyId }, { token })).httpStatus).toBe(200)
  })
})
