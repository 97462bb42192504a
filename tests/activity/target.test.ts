import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { addressCreateEndpoint } from '../../src/contract/delivery'
import { contactCreateEndpoint, contactDeleteEndpoint, contactEditEndpoint } from '../../src/contract/contacts'
import { startApi, type TestApi } from '../helpers/api'
import { readActivity, signInReaders, type Readers } from './activity-reader'

// The trail of one record (decision 053): contact and address writes name their row as the
// target, with the company it belongs to, and GET /vue/activity/?target= reads those rows —
// within the caller's scope only.
const { carpenter, guest } = DEMO_ACCOUNTS
const ADDRESS = { name1: 'Lager Süd', address1: 'Am Kai 2', zip: '80331', city: 'München', country: 'DE', phone: '+49 89 123456' }
const trailRow = z.object({ action: z.string(), target: z.string().nullable(), company_id: z.number().nullable() })

let api: TestApi
let tokens: Readers

beforeAll(async () => {
  api = await startApi()
  tokens = await signInReaders(api)
})
afterAll(async () => {
  await api.close()
})

async function rowsAfter(id: number) {
  const result = await api.database.db.execute(sql`select action, target, company_id from activity where id > ${id} order by id`)
  return z.object({ rows: z.array(trailRow) }).parse(result).rows
}

async function lastId(): Promise<number> {
  const result = await api.database.db.execute(sql`select coalesce(max(id), 0) as id from activity`)
  return z.object({ rows: z.array(z.object({ id: z.coerce.number() })) }).parse(result).rows[0]!.id
}

const read = (query: string, token = tokens.staff, locale: 'de' | 'en' = 'en') => readActivity(api, query, token, locale)

async function createContact(companyId: number, email: string): Promise<number> {
  const created = await api.call(contactCreateEndpoint, { id: companyId, email, first_name: 'Erika', last_name: 'Muster' }, { token: tokens.staff })
  expect(created.httpStatus, created.messages.join(' ')).toBe(200)
  return z.object({ id: z.number() }).parse(created.data).id
}

async function createAddress(companyId: number, token: string): Promise<number> {
  const created = await api.call(addressCreateEndpoint, { cid: companyId, ...ADDRESS }, { token })
  expect(created.httpStatus, created.messages.join(' ')).toBe(200)
  return z.object({ address: z.object({ id: z.number() }) }).parse(created.data).address.id
}

describe('contact and address writes name their row', () => {
  it('names the contact and its company (not the caller’s) on create, edit, an edit that changes nothing, and delete', async () => {
    const before = await lastId()
    const id = await createContact(carpenter.companyId, 'erika.muster@demo.example')
    const edit = { email: 'erika.muster@demo.example', first_name: 'Erika', last_name: 'Mustermann' }
    expect((await api.call(contactEditEndpoint, { id, ...edit }, { token: tokens.staff })).httpStatus).toBe(200)
    expect((await api.call(contactEditEndpoint, { id, ...edit }, { token: tokens.staff })).httpStatus).toBe(200)
    expect((await api.call(contactDeleteEndpoint, { id }, { token: tokens.staff })).httpStatus).toBe(200)
    const target = `user ${id}`
    expect(await rowsAfter(before)).toEqual(
      ['contacts.create', 'contacts.edit', 'contacts.edit', 'contacts.delete'].map((action) => ({ action, target, company_id: carpenter.companyId })),
    )
  })

  it('names the address on create, edit, an edit that changes nothing, deactivate and activate, and select', async () => {
    const first = await createAddress(carpenter.companyId, tokens.carpenter)
    const before = await lastId()
    const id = await createAddress(carpenter.companyId, tokens.carpenter)
    const base = `/vue/company/${carpenter.companyId}/address/${id}`
    const edit = { name1: ADDRESS.name1, phone: '+49 89 654321' }
    for (const [path, body] of [
      ['edit/', edit],
      ['edit/', edit],
      ['change-inactive/', { inactive: true }],
      ['change-inactive/', { inactive: false }],
      ['set-delivery/', undefined],
    ] as const) {
      const answer = await api.request('POST', `${base}/${path}`, { token: tokens.carpenter, body })
      expect(answer.httpStatus, `${path} ${answer.messages.join(' ')}`).toBe(200)
    }
    const rows = await rowsAfter(before)
    expect(rows.map((row) => row.action)).toEqual([
      'delivery.create',
      'delivery.edit',
      'delivery.edit',
      'delivery.change-inactive',
      'delivery.change-inactive',
      'delivery.set-delivery',
    ])
    expect(rows.every((row) => row.target === `delivery_address ${id}` && row.company_id === carpenter.companyId)).toBe(true)
    expect(first).not.toBe(id)
  })
})

describe('GET /vue/activity/?target=', () => {
  it('gives the rows of that record only, newest first, with or without its company', async () => {
    const id = await createContact(carpenter.companyId, 'target.one@demo.example')
    const other = await createContact(carpenter.companyId, 'target.two@demo.example')
    const body = { email: 'target.one@demo.example', first_name: 'Erika', last_name: 'Eins' }
    expect((await api.call(contactEditEndpoint, { id, ...body }, { token: tokens.staff })).httpStatus).toBe(200)
    for (const query of [`?target=user%20${id}`, `?company=${carpenter.companyId}&target=user+${id}`]) {
      const { httpStatus, page: found } = await read(query)
      expect(httpStatus, query).toBe(200)
      expect(found!.entries.map((entry) => [entry.action, entry.target, entry.company?.id])).toEqual([
        ['contacts.edit', `user ${id}`, carpenter.companyId],
        ['contacts.create', `user ${id}`, carpenter.companyId],
      ])
    }
    // A dealer admin of the company above reads them too; the other contact's rows are not among them.
    const { page: theirs } = await read(`?company=${carpenter.companyId}&target=user%20${id}`, tokens.dealer)
    expect(theirs!.no_of_entries).toBe(2)
    expect((await read(`?target=user%20${other}`)).page!.entries.map((entry) => entry.action)).toEqual(['contacts.create'])
    // Exactly: no prefix, no other case or spacing; an empty target is no filter.
    for (const near of [`user%20${String(id).slice(0, -1)}`, `User%20${id}`, `user%20%20${id}`, `%20user%20${id}`]) {
      expect((await read(`?target=${near}`)).page!.no_of_entries, near).toBe(0)
    }
    expect((await read('?target=')).page!.no_of_entries).toBe((await read('')).page!.no_of_entries)
  })

  it("gives a dealer admin nothing of another company's record, and 403 when they name that company", async () => {
    const id = await createAddress(guest.companyId, tokens.staff)
    const target = `delivery_address%20${id}`
    expect((await read(`?target=${target}`)).page!.no_of_entries).toBe(1)
    const { httpStatus, page: none } = await read(`?target=${target}`, tokens.dealer)
    expect(httpStatus).toBe(200)
    expect(none!.entries).toEqual([])
    const named = await read(`?company=${guest.companyId}&target=${target}`, tokens.dealer, 'de')
    expect(named.httpStatus).toBe(403)
    expect(named.messages[0]).toMatch(/Unternehmen/)
    expect(named.data).toBeUndefined()
  })

  it('refuses a target too long with 400 in the caller’s language, no token with 401, and a caller without IS_DEALER_ADMIN with 403', async () => {
    const long = 'x'.repeat(255)
    const english = await read(`?target=${long}`)
    expect(english.httpStatus).toBe(400)
    expect(english.messages).toEqual(['target must be at most 254 characters long.'])
    const german = await read(`?target=${long}`, tokens.staff, 'de')
    expect(german.httpStatus).toBe(400)
    expect(german.messages).toEqual(['target darf höchstens 254 Zeichen lang sein.'])
    expect((await read(`?target=${'x'.repeat(254)}`)).httpStatus).toBe(200)
    const nul = await read('?target=user%00%201', tokens.staff, 'de')
    expect(nul.httpStatus).toBe(400)
    expect(nul.messages.length).toBeGreaterThan(0)
    // Bytes that are no UTF-8 read as U+FFFD: a target of no row.
    expect((await read('?target=%FF')).page!.entries).toEqual([])
    expect((await api.request('GET', '/vue/activity/?target=user%201')).httpStatus).toBe(401)
    expect((await read('?target=user%201', tokens.carpenter)).httpStatus).toBe(403)
  })
})
