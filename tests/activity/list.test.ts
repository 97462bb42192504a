import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS, DEMO_COMPANY_IDS, DEMO_PASSWORD } from '../../src/server/seed/demo-accounts'
import { activityListEndpoint } from '../../src/contract/activity'
import { addressCreateEndpoint } from '../../src/contract/delivery'
import { loginEndpoint } from '../../src/contract/session'
import { startApi, type TestApi } from '../helpers/api'
import { readActivity, signInReaders } from './activity-reader'

// GET /vue/activity/ (decision 053): staff read every row, a dealer admin their company's and
// its sub-companies', anyone else nothing.
const { carpenter, guest } = DEMO_ACCOUNTS
const NEW_ADDRESS = { name1: 'Lager West', address1: 'Rheinufer 9', zip: '40213', city: 'Düsseldorf', country: 'DE', phone: '+49 211 123456' }

let api: TestApi
let staffToken: string
let dealerToken: string
let carpenterToken: string

beforeAll(async () => {
  api = await startApi()
  ;({ staff: staffToken, dealer: dealerToken, carpenter: carpenterToken } = await signInReaders(api))
  await api.loginAs(guest.username)
  await api.call(loginEndpoint, { username: 'nobody@example.com', password: 'Wrong-password-1' })
  const created = await api.call(addressCreateEndpoint, { cid: carpenter.companyId, ...NEW_ADDRESS }, { token: carpenterToken })
  expect(created.httpStatus).toBe(200)
})
afterAll(async () => {
  await api.close()
})

const read = (query: string, token = staffToken, locale: 'de' | 'en' = 'en') => readActivity(api, query, token, locale)

describe('GET /vue/activity/', () => {
  it('gives staff every row, newest first, with the people and companies named', async () => {
    const { httpStatus, page: all } = await read('')
    expect(httpStatus).toBe(200)
    expect(all!.entries[0]).toMatchObject({
      action: 'delivery.create',
      outcome: 'done',
      actor: { email: carpenter.username },
      acting_as: null,
      company: { id: carpenter.companyId },
    })
    const ids = all!.entries.map((entry) => entry.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    // A sign-in to no account has no company: staff see it.
    expect(all!.entries.some((entry) => entry.target === 'unknown user' && entry.company === null && entry.outcome === 'refused')).toBe(true)
  })

  it("gives a dealer admin their company's and sub-companies' rows only, and 403 for a company outside", async () => {
    const { page: mine } = await read('', dealerToken)
    const companies = new Set(mine!.entries.map((entry) => entry.company?.id))
    expect([...companies].every((id) => id === DEMO_COMPANY_IDS.dealer || id === DEMO_COMPANY_IDS.carpenter || id === DEMO_COMPANY_IDS.industry)).toBe(true)
    expect(companies.has(DEMO_COMPANY_IDS.carpenter)).toBe(true)
    const outside = await read(`?company=${guest.companyId}`, dealerToken)
    expect(outside.httpStatus).toBe(403)
    const german = await read(`?company=${DEMO_COMPANY_IDS.supplier}`, dealerToken, 'de')
    expect(german.httpStatus).toBe(403)
    expect(german.messages[0]).toMatch(/Unternehmen/)
  })

  it('filters by company, person, action (or its start) and days', async () => {
    const { page: byCompany } = await read(`?company=${carpenter.companyId}`)
    expect(byCompany!.entries.length).toBeGreaterThan(0)
    expect(byCompany!.entries.every((entry) => entry.company?.id === carpenter.companyId)).toBe(true)
    const carpenterId = byCompany!.entries.find((entry) => entry.action === 'delivery.create')!.actor!.id
    const { page: byActor } = await read(`?actor=${carpenterId}`)
    expect(byActor!.entries.map((entry) => entry.action).sort()).toEqual(['delivery.create', 'session.login'])
    const { page: byPrefix } = await read('?action=delivery.')
    expect(byPrefix!.entries.map((entry) => entry.action)).toEqual(['delivery.create'])
    const { page: exact } = await read('?action=session.login')
    expect(exact!.entries.every((entry) => entry.action === 'session.login')).toBe(true)
    const today = new Date().toISOString().slice(0, 10)
    expect((await read(`?from=${today}&to=${today}`)).page!.no_of_entries).toBe(byCompany!.no_of_entries + (await read('?company=1')).page!.no_of_entries + 3)
    expect((await read('?to=2000-01-01')).page!.entries).toEqual([])
    expect((await read('?from=0001-01-01&to=9999-12-31')).page!.no_of_entries).toBe((await read('')).page!.no_of_entries)
  })

  it('pages, and answers a page past the end with 404', async () => {
    const { page: first } = await read('?number_per_page=2')
    expect(first!.entries).toHaveLength(2)
    expect(first!.pages).toBe(Math.ceil(first!.no_of_entries / 2))
    const past = await read(`?number_per_page=2&page=${first!.pages + 1}`)
    expect(past.httpStatus).toBe(404)
    expect(past.data).toEqual({ page: first!.pages + 1, pages: first!.pages })
  })

  it('refuses bad input with 400, no token with 401, and a caller without IS_DEALER_ADMIN with 403', async () => {
    for (const query of [
      '?from=2026-13',
      '?from=4530-89-41',
      '?from=0000-02-29',
      '?to=2026-02-30',
      '?page=0',
      '?actor=abc',
      '?company=-1',
      `?action=${'x'.repeat(101)}`,
    ]) {
      expect((await read(query)).httpStatus, query).toBe(400)
    }
    expect((await api.call(activityListEndpoint)).httpStatus).toBe(401)
    expect((await read('', carpenterToken)).httpStatus).toBe(403)
  })

  it('is not itself recorded (a read)', async () => {
    const before = (await read('')).page!.no_of_entries
    await read('?action=delivery.')
    expect((await read('')).page!.no_of_entries).toBe(before)
  })
})

// The login refused above used this password: it is nowhere in the trail.
it('keeps no password', async () => {
  const { page: all } = await read('?number_per_page=200')
  expect(JSON.stringify(all)).not.toContain('Wrong-password-1')
  expect(JSON.stringify(all)).not.toContain(DEMO_PASSWORD)
})
