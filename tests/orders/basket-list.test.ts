import { like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BASKET_LIST_MAX, basketListEndpoint } from '../../src/contract/orders'
import { baskets, companyTree } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS, DEMO_COMPANY_IDS } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'

// GET /vue/basket/list/ as the spec calls it (`?dealer=` alone): every basket at once, since
// the legacy client makes the tabs itself — and the bound on "every".
let api: TestApi
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

const { staff, dealer, carpenter } = DEMO_ACCOUNTS

async function list(query: string, token: string) {
  const result = await api.request('GET', `/vue/basket/list/${query}`, { token })
  return { ...result, answer: result.status ? basketListEndpoint.data.parse(result.data) : null }
}

async function basketsInTree(path: string) {
  return (
    await api.database.db
      .select({ number: baskets.basketNumber })
      .from(baskets)
      .innerJoin(companyTree, sql`${companyTree.companyId} = ${baskets.companyId}`)
      .where(like(companyTree.path, `${path}%`))
  ).map((row) => row.number)
}

describe('GET /vue/basket/list/?dealer= (the spec’s call)', () => {
  it('answers all of the dealer’s baskets in data.orders, every tab, newest first', async () => {
    const token = await api.loginAs(dealer.username)
    const { httpStatus, answer } = await list(`?dealer=${DEMO_COMPANY_IDS.dealer}`, token)
    expect(httpStatus).toBe(200)
    const expected = await basketsInTree(`/${DEMO_COMPANY_IDS.supplier}/${DEMO_COMPANY_IDS.dealer}/`)
    expect(answer!.orders.map((row) => row.basket_number).sort()).toEqual([...expected].sort())
    expect(new Set(answer!.orders.map((row) => row.status)).size).toBeGreaterThan(3)
    expect(answer).toMatchObject({ tab: null, page: 1, pages: 1, total: expected.length })
    expect(answer!.counts.open + answer!.counts.in_process + answer!.counts.finished).toBe(expected.length)
    const created = answer!.orders.map((row) => row.created)
    expect([...created].sort().reverse()).toEqual(created)
  })

  it('answers every basket in scope without any parameter', async () => {
    const token = await api.loginAs(staff.username)
    const { answer } = await list('', token)
    expect(answer!.orders).toHaveLength(await api.database.db.$count(baskets))
  })

  it('answers a page far past the last with 404 and the last page (its offset does not fit an int4; found by tests/fuzz)', async () => {
    const token = await api.loginAs(staff.username)
    const result = await api.call(basketListEndpoint, { page: 410816, number_per_page: BASKET_LIST_MAX }, { token })
    expect(result.httpStatus, result.messages.join()).toBe(404)
    expect(result.failure).toMatchObject({ page: 410816, pages: 1 })
  })

  it('refuses bad input, no token, a dealer outside the scope and a user without CAN_APPROVE_ORDER', async () => {
    const token = await api.loginAs(dealer.username)
    expect((await list('?dealer=abc', token)).httpStatus).toBe(400)
    expect((await list('?dealer=-1', token)).httpStatus).toBe(400)
    expect((await api.call(basketListEndpoint, { dealer: DEMO_COMPANY_IDS.dealer })).httpStatus).toBe(401)
    expect((await list(`?dealer=${DEMO_COMPANY_IDS.supplier}`, token)).httpStatus).toBe(403)
    const without = await api.loginAs(carpenter.username)
    expect((await list(`?dealer=${DEMO_COMPANY_IDS.dealer}`, without)).httpStatus).toBe(403)
  })

  it(`bounds "all" at ${BASKET_LIST_MAX} baskets, the newest, and says in pages and total that there are more`, async () => {
    const existing = await api.database.db.$count(baskets)
    const extra = BASKET_LIST_MAX + 1 - existing
    await api.database.db.execute(sql`
      insert into baskets (basket_number, company_id, status, created, customer)
      select '2066' || lpad(i::text, 6, '0'), ${DEMO_COMPANY_IDS.dealer}, i % 7, now() - interval '400 days' - (i || ' minutes')::interval, 'Old basket'
        from generate_series(1, ${extra}) as i`)
    const token = await api.loginAs(staff.username)
    const result = await api.call(basketListEndpoint, {}, { token })
    const answer = result.data
    expect(answer.orders).toHaveLength(BASKET_LIST_MAX)
    expect(answer).toMatchObject({ page: 1, pages: 2, total: BASKET_LIST_MAX + 1 })
    // The oldest one is left out, not a random one.
    expect(answer.orders.map((row) => row.basket_number)).not.toContain(`2066${String(extra).padStart(6, '0')}`)
  })
})
