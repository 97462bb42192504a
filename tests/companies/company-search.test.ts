import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPANY_SEARCH_HIT_CAP, companySearchEndpoint } from '../../src/contract/company-tree'
import { callEndpoint } from '../../src/server/endpoint/call.server'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'
import { unchecked } from '../helpers/endpoint-call'
import { addCompany, grandchildOf, pathOf, siblingDealerCompany } from './tree-helpers'

// GET /vue/company/{id}/search2/?search= (decision 027).
let api: TestApi
const tokens: Record<string, string> = {}
const literal: Record<string, number> = {}
let dealerPath = ''

beforeAll(async () => {
  api = await startApi()
  for (const role of ['staff', 'dealer', 'carpenter', 'industry', 'translator'] as const) tokens[role] = await api.loginAs(DEMO_ACCOUNTS[role].username)
  dealerPath = await pathOf(api, dealer.companyId)
  const holder = await addCompany(api, dealer.companyId, { name1: 'Wildcard Holder' })
  for (const name of ['Holz 100% Qwx', 'Holz 100x Qwx', 'Holz_Bau Qwx', 'HolzXBau Qwx', 'Back\\Slash Qwx', 'BackSlash Qwx'])
    literal[name] = await addCompany(api, holder, { name1: name })
  for (let i = 0; i < COMPANY_SEARCH_HIT_CAP + 5; i++) await addCompany(api, holder, { name1: `Vielfach Zkq ${i}` })
})
afterAll(() => api.close())

const { staff, dealer, carpenter } = DEMO_ACCOUNTS
const find = (id: number | string, term: string, token?: string, locale?: 'de' | 'en') =>
  api.call(companySearchEndpoint, { id, search: term }, { token, locale })
const search = async (term: string, token = tokens.dealer, id: number = dealer.companyId) => (await find(id, term, token)).data

describe('GET /vue/company/{id}/search2/', () => {
  it('finds a company two levels down by three letters of its city, with its ancestors from the searched company', async () => {
    const target = await grandchildOf(api, dealer.companyId)
    const answer = await search(target.city.slice(1, 4).toUpperCase())
    expect(answer.found).toBe(true)
    const hit = answer.companies.find((company) => company.id === target.id)
    expect(hit).toBeDefined()
    const ids = target.path.split('/').filter(Boolean).map(Number)
    expect(hit!.ancestors.map(([id]) => id)).toEqual(ids.slice(ids.indexOf(dealer.companyId), -1))
    expect(hit!.ancestors[0]).toEqual([dealer.companyId, 'Holzhandel Brenner GmbH & Co. KG'])
    for (const company of answer.companies) expect(company.ancestors[0]?.[0]).toBe(dealer.companyId)
  })

  it('finds by name (any case) and by customer number', async () => {
    expect((await search('schreinerei MAU')).companies.map((company) => company.id)).toEqual([carpenter.companyId])
    const byNumber = await search('00034')
    expect(byNumber.companies.map((company) => company.id)).toContain(carpenter.companyId)
    expect(byNumber.companies.find((company) => company.id === carpenter.companyId)).toMatchObject({
      customer_number: '200034',
      has_children: true,
      ancestors: [[dealer.companyId, expect.any(String)]],
    })
  })

  it('never finds the searched company itself nor anything outside the scope', async () => {
    expect((await search('Holzhandel Brenner')).found).toBe(false)
    const sibling = await siblingDealerCompany(api)
    const fromDealer = await search(sibling.name1)
    expect(fromDealer.companies.map((company) => company.id)).not.toContain(sibling.id)
    const fromCarpenter = await search('Vielfach Zkq', tokens.dealer, carpenter.companyId)
    expect(fromCarpenter).toEqual({ found: false, companies: [], more: false })
  })

  it('lets staff search the whole tree', async () => {
    const sibling = await siblingDealerCompany(api)
    const answer = await search(sibling.name1, tokens.staff, staff.companyId)
    expect(answer.companies.map((company) => company.id)).toContain(sibling.id)
    expect(answer.companies.find((company) => company.id === sibling.id)?.ancestors).toEqual([[staff.companyId, 'Beschlagwerk Hollerbach GmbH']])
  })

  it('answers found:false for no hits', async () => {
    expect(await search('xyzzy-nothing')).toEqual({ found: false, companies: [], more: false })
  })

  it(`answers at most ${COMPANY_SEARCH_HIT_CAP} hits and says there are more`, async () => {
    const answer = await search('vielfach zkq')
    expect(answer.companies).toHaveLength(COMPANY_SEARCH_HIT_CAP)
    expect(answer.more).toBe(true)
    const few = await search('Vielfach Zkq 5')
    expect(few.more).toBe(false)
    expect(few.companies.map((company) => company.name1).sort()).toEqual([
      'Vielfach Zkq 5',
      'Vielfach Zkq 50',
      'Vielfach Zkq 51',
      'Vielfach Zkq 52',
      'Vielfach Zkq 53',
      'Vielfach Zkq 54',
    ])
  })

  it.each([
    ['0% Q', ['Holz 100% Qwx']],
    ['%%%', []],
    ['z_B', ['Holz_Bau Qwx']],
    ['___', []],
    ['k\\S', ['Back\\Slash Qwx']],
    ['\\\\\\', []],
  ])('takes %j literally', async (term, names) => {
    const answer = await search(term)
    expect(answer.companies.map((company) => company.name1)).toEqual(names)
    expect(answer.found).toBe(names.length > 0)
  })

  it.each(['ab', '  ab  ', '', '   '])('refuses the term %j (fewer than 3 characters after trimming) with 400', async (term) => {
    const result = await find(dealer.companyId, term, tokens.dealer)
    expect(result.httpStatus).toBe(400)
    expect(result.messages).toEqual(['Please enter at least 3 characters to search.'])
  })

  it('refuses a missing term and says so in German as well', async () => {
    const missing = await api.call(companySearchEndpoint, unchecked({ id: dealer.companyId }), { token: tokens.dealer })
    expect(missing.httpStatus).toBe(400)
    expect(missing.messages).toEqual(['Search term is a required field.'])
    const fehlt = await api.call(companySearchEndpoint, unchecked({ id: dealer.companyId }), { token: tokens.dealer, locale: 'de' })
    expect(fehlt.messages).toEqual(['Suchbegriff ist ein Pflichtfeld.'])
    const german = await find(dealer.companyId, 'ab', tokens.dealer, 'de')
    expect(german.messages).toEqual(['Bitte geben Sie für die Suche mindestens 3 Zeichen ein.'])
  })

  it('refuses a term of 10,000 characters with 400 in both languages', async () => {
    const long = 'x'.repeat(10_000)
    const english = await find(dealer.companyId, long, tokens.dealer)
    expect(english.httpStatus).toBe(400)
    expect(english.messages).toEqual(['The search term may be at most 100 characters long.'])
    const german = await find(dealer.companyId, long, tokens.dealer, 'de')
    expect(german.messages).toEqual(['Der Suchbegriff darf höchstens 100 Zeichen lang sein.'])
  })

  it('refuses a NUL byte with 400', async () => {
    const result = await api.request('GET', `/vue/company/${dealer.companyId}/search2/?search=${encodeURIComponent('Hol\0z')}`, { token: tokens.dealer })
    expect(result.httpStatus).toBe(400)
    expect(result.messages).toEqual(['“search” contains a NUL character (a zero byte), which is not allowed.'])
  })

  it.each(['abc', '0', '-1', '2147483648', '99999999999'])('refuses the id %s with 400', async (id) => {
    const result = await find(id, 'Holz', tokens.dealer)
    expect(result.httpStatus).toBe(400)
  })

  it('needs a token', async () => {
    expect((await find(dealer.companyId, 'Holz')).httpStatus).toBe(401)
  })

  it.each(['carpenter', 'industry', 'translator'])('refuses the %s account (no IS_DEALER_ADMIN) with 403', async (role) => {
    const account = DEMO_ACCOUNTS[role as 'carpenter' | 'industry' | 'translator']
    const result = await find(account.companyId, 'Holz', tokens[role])
    expect(result.httpStatus).toBe(403)
    expect(result.messages).toEqual(['You are not allowed to do this.'])
  })

  it('refuses a sibling dealer’s company with 403 before looking at the term', async () => {
    const sibling = await siblingDealerCompany(api)
    for (const term of ['Holz', 'ab']) {
      const result = await find(sibling.id, term, tokens.dealer)
      expect(result.httpStatus).toBe(403)
      expect(result.messages).toEqual(['You are not allowed to access this company.'])
    }
    const german = await find(sibling.id, 'Holz', tokens.dealer, 'de')
    expect(german.messages).not.toEqual(['You are not allowed to access this company.'])
    expect(german.httpStatus).toBe(403)
    // The term's rule is the query schema's, and the UI's in-process call checks the company first too.
    const context = { token: tokens.dealer ?? null, locale: 'en' as const, clientAddress: '127.0.0.1', origin: 'http://localhost' }
    const inProcess = await callEndpoint(companySearchEndpoint, { params: { id: sibling.id }, query: { search: 'ab' }, body: undefined }, context, undefined)
    expect(inProcess).toMatchObject({ status: false, httpStatus: 403, messages: ['You are not allowed to access this company.'] })
  })

  it('keeps every hit inside the searched subtree', async () => {
    const answer = await search('Holz')
    expect(answer.found).toBe(true)
    for (const company of answer.companies) {
      expect(await pathOf(api, company.id)).toMatch(new RegExp(`^${dealerPath}\\d`))
    }
  })
})
