import { and, eq, inArray, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { priceLogEndpoint, priceLogsEndpoint } from '../../src/contract/price-logs'
import { joinPriceLogFilters, splitPriceLogFilters } from '../../src/domain/price-logs'
import { priceLogRows, priceLogs, userGroups } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS, DEMO_ROLES } from '../../src/server/seed/demo-accounts'
import type { FlatInput } from '../../src/contract/endpoint-fn'
import { startApi, type TestApi } from '../helpers/api'
import { unchecked, type Unchecked } from '../helpers/endpoint-call'

// GET /vue/price/logs/ and GET /vue/price/log/{id}/.
let api: TestApi
let token: string
beforeAll(async () => {
  api = await startApi()
  token = await api.loginAs(DEMO_ACCOUNTS.staff.username)
})
afterAll(() => api.close())

const withoutLogs = DEMO_ROLES.filter((role) => !DEMO_ACCOUNTS[role].groups.includes('SEE_PRICELOGS'))

/** Runs `work` as the dealer admin with SEE_PRICELOGS granted for the moment. */
async function asDealerWithLogs<T>(work: (token: string) => Promise<T>): Promise<T> {
  const grant = { userId: DEMO_ACCOUNTS.dealer.userId, permission: 'SEE_PRICELOGS' } as const
  await api.database.db.insert(userGroups).values(grant)
  try {
    return await work(await api.loginAs(DEMO_ACCOUNTS.dealer.username))
  } finally {
    await api.database.db.delete(userGroups).where(and(eq(userGroups.userId, grant.userId), eq(userGroups.permission, grant.permission)))
  }
}

async function logs(query: FlatInput<typeof priceLogsEndpoint> | Unchecked, as = token) {
  const result = await api.call(priceLogsEndpoint, query, { token: as })
  return { httpStatus: result.httpStatus, messages: result.messages, answer: result.status ? result.data : null }
}

describe('the ":::" filter list', () => {
  it('joins the filters that have a value and splits them back', () => {
    const joined = joinPriceLogFilters({ article_uid: 'ART-1', company: ' Holz:Bau ', price: '' })
    expect(joined).toBe('article_uid:ART-1:::company:Holz:Bau')
    expect(splitPriceLogFilters(joined)).toEqual({ filters: { article_uid: 'ART-1', company: 'Holz:Bau' } })
    expect(splitPriceLogFilters('password:x')).toEqual({ problem: 'password:x' })
    expect(splitPriceLogFilters('')).toEqual({ filters: {} })
  })
})

describe('GET /vue/price/logs/', () => {
  it('answers 20 per page, newest first, with the number of logs and pages', async () => {
    const { httpStatus, answer } = await logs({})
    expect(httpStatus).toBe(200)
    const total = await api.database.db.$count(priceLogs)
    expect(answer?.no_of_logs).toBe(total)
    expect(answer?.pages).toBe(Math.ceil(total / 20))
    expect(answer?.entries).toHaveLength(20)
    const dates = answer?.entries.map((entry) => entry.date) ?? []
    expect([...dates].sort().reverse()).toEqual(dates)
    expect(answer?.entries.every((entry) => entry.rows > 0)).toBe(true)
  })

  it('sorts by any column both ways and pages', async () => {
    const up = (await logs({ sort: 'price', number_per_page: 50 })).answer?.entries.map((entry) => Number(entry.price)) ?? []
    expect([...up].sort((a, b) => a - b)).toEqual(up)
    const down = (await logs({ sort: '-company', page: 2 })).answer?.entries ?? []
    const names = down.flatMap((entry) => (entry.company ? [entry.company[1].toLowerCase()] : []))
    expect([...names].sort().reverse()).toEqual(names)
  })

  it('filters by each of the five keys, and by several at once', async () => {
    const sample = (await logs({ sort: '-date', number_per_page: 200 })).answer!.entries
    const basket = sample.find((entry) => entry.kind === 'basket' && entry.company && entry.contact)!
    const upload = sample.find((entry) => entry.kind === 'upload' && entry.article_uid)!
    const byArticle = (await logs({ filter: `article_uid:${upload.article_uid!.toLowerCase()}` })).answer!
    expect(byArticle.entries.map((entry) => entry.id)).toContain(upload.id)
    expect(byArticle.entries.every((entry) => entry.article_uid?.includes(upload.article_uid!))).toBe(true)
    const byOrder = (await logs({ filter: `order_number__contains:${basket.basket_number!.slice(3, 9)}` })).answer!
    expect(byOrder.entries.map((entry) => entry.id)).toContain(basket.id)
    const company = basket.company![1]
    const byCompany = (await logs({ filter: `company:${company.slice(0, 6)}` })).answer!
    expect(byCompany.entries.map((entry) => entry.id)).toContain(basket.id)
    expect(byCompany.no_of_logs).toBeLessThan(sample.length)
    const contact = basket.contact![1].split(' ').at(-1)!
    const both = (await logs({ filter: `contact:${contact}:::company:${company}` })).answer!
    expect(both.entries.map((entry) => entry.id)).toContain(basket.id)
    const price = basket.price!.replace('.', ',')
    const byPrice = (await logs({ filter: `price:${price}` })).answer!
    expect(byPrice.entries.map((entry) => entry.id)).toContain(basket.id)
    expect(byPrice.entries.every((entry) => entry.price?.startsWith(basket.price!))).toBe(true)
  })

  it('finds a price typed as the table shows it in the caller’s language, or plainly', async () => {
    const inserted = await api.database.db
      .insert(priceLogs)
      .values([
        { kind: 'manual', articleUid: 'PRICE-FILTER-1', price: '1275.25' },
        { kind: 'manual', articleUid: 'PRICE-FILTER-2', price: '1.2750' },
      ])
      .returning({ id: priceLogs.id, price: priceLogs.price })
    const [big, small] = inserted
    const found = async (price: string, locale: 'de' | 'en') => {
      const result = await api.call(priceLogsEndpoint, { filter: `article_uid:PRICE-FILTER:::price:${price}` }, { token, locale })
      return result.data.entries.map((entry) => entry.id).sort()
    }
    expect(await found('1.275,25', 'de')).toEqual([big!.id])
    expect(await found('1,275.25', 'en')).toEqual([big!.id])
    for (const locale of ['de', 'en'] as const) expect(await found('1275.25', locale)).toEqual([big!.id])
    // "1,275" is 1.275 in German and 1275 in English; "1.275" the other way round.
    expect(await found('1,275', 'de')).toEqual([small!.id])
    expect(await found('1,275', 'en')).toEqual([big!.id])
    expect(await found('1.275', 'de')).toEqual([big!.id])
    expect(await found('1.275', 'en')).toEqual([small!.id])
    await api.database.db.delete(priceLogs).where(
      inArray(
        priceLogs.id,
        inserted.map((row) => row.id),
      ),
    )
  })

  it('takes odd characters and huge values without breaking', async () => {
    for (const value of ['%', '_', "'; drop table price_logs; --", '\\', '😀', '9'.repeat(300)]) {
      const result = await logs({ filter: `article_uid:${value}:::price:${value}` })
      expect(result.httpStatus).toBe(200)
      expect(result.answer?.no_of_logs).toBe(0)
    }
  })

  it.each([
    ['an unknown filter key', { filter: 'secret:1' }, 'There is no filter “secret:1”.'],
    ['an unknown sort', unchecked({ sort: 'password' }), null],
    ['page 0', { page: 0 }, null],
    ['a filter over 1000 characters', { filter: `article_uid:${'x'.repeat(1000)}` }, null],
  ])('refuses %s with 400', async (_, query, message) => {
    const result = await logs(query)
    expect(result.httpStatus).toBe(400)
    if (message) expect(result.messages).toEqual([message])
  })

  it('gives a caller outside the supplier only the logs of their companies', async () => {
    const answer = await asDealerWithLogs((dealerToken) => logs({ number_per_page: 200 }, dealerToken).then((result) => result.answer!))
    const all = await api.database.db.$count(priceLogs)
    const withoutCompany = await api.database.db.$count(priceLogs, isNull(priceLogs.companyId))
    expect(answer.no_of_logs).toBeLessThan(all - withoutCompany)
    expect(answer.entries.every((entry) => entry.company !== null)).toBe(true)
  })

  it('needs a token', async () => {
    expect((await api.call(priceLogsEndpoint)).httpStatus).toBe(401)
  })

  it.each(withoutLogs)('refuses the %s account (no SEE_PRICELOGS) with 403', async (role) => {
    const other = await api.loginAs(DEMO_ACCOUNTS[role].username)
    expect((await logs({}, other)).httpStatus).toBe(403)
  })
})

describe('GET /vue/price/log/{id}/', () => {
  it('answers the log and a page of its rows', async () => {
    const [log] = await api.database.db.select().from(priceLogs).where(eq(priceLogs.kind, 'upload')).limit(1)
    const result = await api.call(priceLogEndpoint, { id: log!.id }, { token })
    expect(result.httpStatus).toBe(200)
    const answer = result.data
    const count = await api.database.db.$count(priceLogRows, eq(priceLogRows.priceLogId, log!.id))
    expect(answer.log.id).toBe(log!.id)
    expect(answer.no_of_rows).toBe(count)
    expect(answer.rows).toHaveLength(Math.min(count, 20))
    expect(answer.rows.every((row) => row.oprice !== null)).toBe(true)
    const sorted = (await api.call(priceLogEndpoint, { id: log!.id, sort: '-price' }, { token })).data
    const prices = sorted.rows.map((row) => Number(row.price))
    expect([...prices].sort((a, b) => b - a)).toEqual(prices)
  })

  it('answers 404 for an unknown log and for one outside the scope alike', async () => {
    const unknown = await api.call(priceLogEndpoint, { id: 999999 }, { token })
    expect(unknown.httpStatus).toBe(404)
    expect(unknown.messages).toEqual(['There is no price log 999999.'])
    const [upload] = await api.database.db.select().from(priceLogs).where(isNull(priceLogs.companyId)).limit(1)
    const hidden = await asDealerWithLogs((dealerToken) => api.call(priceLogEndpoint, { id: upload!.id }, { token: dealerToken }))
    expect(hidden.httpStatus).toBe(404)
  })

  it('refuses a bad id or sort with 400, no token with 401, no SEE_PRICELOGS with 403', async () => {
    expect((await api.call(priceLogEndpoint, { id: 'abc' }, { token })).httpStatus).toBe(400)
    expect((await api.call(priceLogEndpoint, unchecked({ id: 1, sort: 'secret' }), { token })).httpStatus).toBe(400)
    expect((await api.call(priceLogEndpoint, { id: 1 })).httpStatus).toBe(401)
    const translator = await api.loginAs(DEMO_ACCOUNTS.translator.username)
    expect((await api.call(priceLogEndpoint, { id: 1 }, { token: translator })).httpStatus).toBe(403)
  })
})
