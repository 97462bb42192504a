import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { materialOverviewEndpoint } from '../../src/contract/company-parent'
import { materialListEndpoint } from '../../src/contract/lines'
import { companyLines, materials } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS, DEMO_COMPANY_IDS } from '../../src/server/seed/demo-accounts'
import { handleVueRequest } from '../../src/server/http-api/dispatch.server'
import { startApi, type TestApi } from '../helpers/api'
import { siblingDealer } from './company-tree'

// GET /vue/material-overview/{id}/ (decision 029): a page for a browser, the
// envelope for a client asking for JSON; same scope rules as the material list.
let api: TestApi
let industryToken: string
let sibling: { id: number; childId: number }
const HOSTILE = { material: '<script>alert(1)</script>', prodname: 'Front "Eiche" & \'Esche\'', thicknesses: '16|19', texture: '<img src=x onerror=alert(2)>' }

beforeAll(async () => {
  api = await startApi()
  industryToken = await api.loginAs(DEMO_ACCOUNTS.industry.username)
  sibling = await siblingDealer(api)
  const [line] = await api.database.db.select({ id: companyLines.lineId }).from(companyLines).where(eq(companyLines.companyId, DEMO_COMPANY_IDS.industry))
  await api.database.db.insert(materials).values({ lineId: line!.id, ...HOSTILE })
})
afterAll(() => api.close())

type Page = { status: number; html: string; headers: Headers }

/** As a browser opens it in a new window: Accept text/html, the session cookie (or a header). */
async function openPage(
  id: number | string,
  { token, cookie, locale = 'en', method = 'GET' }: { token?: string; cookie?: string; locale?: string; method?: string } = {},
): Promise<Page> {
  const headers = new Headers({ accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'accept-language': locale })
  if (token) headers.set('authorization', `JWT ${token}`)
  if (cookie) headers.set('cookie', cookie)
  const response = await handleVueRequest(new Request(`http://localhost/vue/material-overview/${id}/`, { method, headers }), { clientAddress: '127.0.0.1' })
  return { status: response.status, html: await response.text(), headers: response.headers }
}

describe('GET /vue/material-overview/{id}/ as a page', () => {
  it('shows the company’s materials per line, read with the session cookie, every value escaped', async () => {
    const page = await openPage(DEMO_COMPANY_IDS.industry, { cookie: `PARAGLIDE_LOCALE=en; portal_session=${industryToken}` })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.html).toMatch(/^<!doctype html><html lang="en">/)
    expect(page.html).toContain('<h1>Material overview: Küchenwerk Albrecht AG</h1>')
    const list = materialListEndpoint.data.parse((await api.call(materialListEndpoint, { cid: DEMO_COMPANY_IDS.industry }, { token: industryToken })).data)
    for (const line of new Set(list.materials2line.map((row) => row.line__name))) expect(page.html).toContain(`Line ${line}`)
    const rows = page.html.match(/<tr><td>/g) ?? []
    expect(rows).toHaveLength(list.materials2line.length)
    expect(page.html).not.toContain('<script')
    expect(page.html).not.toContain('<img')
    expect(page.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(page.html).toContain('Front &quot;Eiche&quot; &amp; &#39;Esche&#39;')
    expect(page.html).toContain('<td>16, 19</td>')
    expect(page.html).toContain('@media print')
  })

  it('keeps the API’s security headers, with a policy allowing only its one style by nonce', async () => {
    const page = await openPage(DEMO_COMPANY_IDS.industry, { token: industryToken })
    const policy = page.headers.get('content-security-policy') ?? ''
    const nonce = /style-src 'nonce-([^']+)'/.exec(policy)?.[1]
    expect(nonce).toBeTruthy()
    expect(policy).toContain("default-src 'none'")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).not.toContain('script-src')
    expect(page.html.match(/<style/g)).toHaveLength(1)
    expect(page.html).toContain(`<style nonce="${nonce}">`)
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    expect(page.headers.get('x-frame-options')).toBe('DENY')
    expect(page.headers.get('cache-control')).toBe('no-store')
    const again = await openPage(DEMO_COMPANY_IDS.industry, { token: industryToken })
    expect(again.headers.get('content-security-policy')).not.toBe(policy)
  })

  it('speaks German by the language cookie or Accept-Language', async () => {
    const page = await openPage(DEMO_COMPANY_IDS.industry, { cookie: `portal_session=${industryToken}; PARAGLIDE_LOCALE=de` })
    expect(page.html).toContain('<html lang="de">')
    expect(page.html).toContain('Materialübersicht: Küchenwerk Albrecht AG')
    expect(page.html).toContain('Drucken mit Strg+P')
    expect((await openPage(DEMO_COMPANY_IDS.industry, { token: industryToken, locale: 'de' })).html).toContain('<th scope="col">Material</th>')
  })

  it('lets a dealer admin open a sub-company’s overview', async () => {
    const token = await api.loginAs(DEMO_ACCOUNTS.dealer.username)
    expect((await openPage(DEMO_COMPANY_IDS.carpenter, { token })).status).toBe(200)
  })

  it('says it when there are no materials', async () => {
    const token = await api.loginAs(DEMO_ACCOUNTS.staff.username)
    const page = await openPage(DEMO_COMPANY_IDS.supplier, { token })
    expect(page.status).toBe(200)
    expect(page.html).toContain('This company has no lines with materials.')
  })

  it('answers failures as pages: no session (401, with the way to log in), out of scope and a sibling dealer’s company (403), a bad id (400)', async () => {
    const anonymous = await openPage(DEMO_COMPANY_IDS.industry)
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(anonymous.html).toContain('Please log in first.')
    expect(anonymous.html).toContain('<a href="/">Go to the login</a>')
    const carpenter = await api.loginAs(DEMO_ACCOUNTS.carpenter.username)
    const foreign = await openPage(DEMO_COMPANY_IDS.industry, { token: carpenter })
    expect(foreign.status).toBe(403)
    expect(foreign.html).toContain('You are not allowed to access this company.')
    const dealer = await api.loginAs(DEMO_ACCOUNTS.dealer.username)
    expect((await openPage(sibling.childId, { token: dealer })).status).toBe(403)
    expect((await openPage(2_000_000, { token: dealer })).status).toBe(403)
    const bad = await openPage('abc%3Cscript%3E', { token: dealer })
    expect(bad.status).toBe(400)
    expect(bad.html).not.toContain('<script')
    expect((await openPage(DEMO_COMPANY_IDS.industry, { cookie: 'portal_session=not-a-token' })).status).toBe(401)
    expect((await openPage(DEMO_COMPANY_IDS.industry, { cookie: 'portal_session=a<b>"c' })).status).toBe(401)
  })

  it('answers HEAD with the headers only', async () => {
    const page = await openPage(DEMO_COMPANY_IDS.industry, { token: industryToken, method: 'HEAD' })
    expect(page.status).toBe(200)
    expect(page.html).toBe('')
  })
})

describe('GET /vue/material-overview/{id}/ for an API client', () => {
  it('answers the envelope with the same data grouped by line', async () => {
    const result = await api.call(materialOverviewEndpoint, { id: DEMO_COMPANY_IDS.industry }, { token: industryToken })
    expect(result.httpStatus).toBe(200)
    const data = result.data
    expect(data.company).toEqual([DEMO_COMPANY_IDS.industry, 'Küchenwerk Albrecht AG'])
    const list = materialListEndpoint.data.parse((await api.call(materialListEndpoint, { cid: DEMO_COMPANY_IDS.industry }, { token: industryToken })).data)
    expect(data.lines.flatMap((line) => line.materials.map((row) => `${line.line}:${row.material}`))).toEqual(
      list.materials2line.map((row) => `${row.line__name}:${row.material}`),
    )
    expect(result.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
  })

  it('never reads the session cookie for JSON: a cookie alone is no token (401)', async () => {
    const result = await api.call(materialOverviewEndpoint, { id: DEMO_COMPANY_IDS.industry }, { headers: { cookie: `portal_session=${industryToken}` } })
    expect(result).toMatchObject({ httpStatus: 401, messages: ['Please log in first.'] })
  })

  it('refuses out of scope (403), a bad id (400), no token (401)', async () => {
    const carpenter = await api.loginAs(DEMO_ACCOUNTS.carpenter.username)
    expect((await api.call(materialOverviewEndpoint, { id: DEMO_COMPANY_IDS.industry }, { token: carpenter })).httpStatus).toBe(403)
    expect((await api.call(materialOverviewEndpoint, { id: 'x' }, { token: carpenter })).httpStatus).toBe(400)
    expect((await api.call(materialOverviewEndpoint, { id: DEMO_COMPANY_IDS.industry })).httpStatus).toBe(401)
  })
})
