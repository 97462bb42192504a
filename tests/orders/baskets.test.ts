import { and, eq, gt, like, lte } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FlatInput } from '../../src/contract/endpoint-fn'
import { basketApproveEndpoint, basketHistoryEndpoint, basketListEndpoint, basketResetEndpoint, basketStatusEndpoint } from '../../src/contract/orders'
import { auditLog, baskets, companyTree } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS, DEMO_COMPANY_IDS, DEMO_ROLES } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'
import { unchecked, type Unchecked } from '../helpers/endpoint-call'

// The orders area: basket list, status, approve, reset and history.
let api: TestApi
let staffToken: string
let dealerToken: string
beforeAll(async () => {
  api = await startApi()
  staffToken = await api.loginAs(DEMO_ACCOUNTS.staff.username)
  dealerToken = await api.loginAs(DEMO_ACCOUNTS.dealer.username)
})
afterAll(() => api.close())

const { staff, dealer } = DEMO_ACCOUNTS
const withoutApproval = DEMO_ROLES.filter((role) => !DEMO_ACCOUNTS[role].groups.includes('CAN_APPROVE_ORDER'))
const db = () => api.database.db

async function list(query: FlatInput<typeof basketListEndpoint> | Unchecked, token = staffToken) {
  const result = await api.call(basketListEndpoint, query, { token })
  return { httpStatus: result.httpStatus, messages: result.messages, answer: result.status ? result.data : null }
}

/** A basket in the given status, inside the demo dealer's tree unless `outside`. */
async function basketWith(status: number, outside = false) {
  const dealerPath = `/${DEMO_COMPANY_IDS.supplier}/${DEMO_COMPANY_IDS.dealer}/%`
  const [row] = await db()
    .select({ basket: baskets })
    .from(baskets)
    .innerJoin(companyTree, eq(companyTree.companyId, baskets.companyId))
    .where(and(eq(baskets.status, status as 0), outside ? undefined : like(companyTree.path, dealerPath)))
    .limit(1)
  if (!row) throw new Error(`no seeded basket in status ${status}`)
  // Placed by someone other than the approvers of these tests.
  await db().update(baskets).set({ placedByUserId: DEMO_ACCOUNTS.carpenter.userId }).where(eq(baskets.id, row.basket.id))
  return row.basket
}

async function outOfDealerScope(status: number) {
  const dealerPath = `/${DEMO_COMPANY_IDS.supplier}/${DEMO_COMPANY_IDS.dealer}/%`
  const rows = await db()
    .select({ number: baskets.basketNumber, path: companyTree.path })
    .from(baskets)
    .innerJoin(companyTree, eq(companyTree.companyId, baskets.companyId))
    .where(eq(baskets.status, status as 0))
  const found = rows.find((row) => !row.path.startsWith(dealerPath.slice(0, -1)))
  if (!found) throw new Error('no basket outside the dealer tree')
  return found.number
}

describe('GET /vue/basket/list/', () => {
  it('answers one tab and page when asked, as the approve screen does, with the count of every tab', async () => {
    const { httpStatus, answer } = await list({ tab: 'open', page: 1, number_per_page: 25 })
    expect(httpStatus).toBe(200)
    const all = await db().$count(baskets)
    const open = await db().$count(baskets, lte(baskets.status, 2))
    const finished = await db().$count(baskets, gt(baskets.status, 4))
    expect(answer?.counts).toEqual({ open, in_process: all - open - finished, finished })
    expect(answer?.tab).toBe('open')
    expect(answer?.orders).toHaveLength(25)
    expect(answer?.orders.every((row) => row.status <= 2)).toBe(true)
    expect(answer?.pages).toBe(Math.ceil(open / 25))
    // Newest first by default.
    const created = answer?.orders.map((row) => row.created) ?? []
    expect([...created].sort().reverse()).toEqual(created)
  })

  it('pages, sorts and filters on the server', async () => {
    const second = await list({ tab: 'finished', page: 2, sort: 'basket_number', number_per_page: 25 })
    expect(second.answer?.tab).toBe('finished')
    expect(second.answer?.page).toBe(2)
    const numbers = second.answer?.orders.map((row) => row.basket_number) ?? []
    expect(numbers.length).toBeGreaterThan(0)
    expect([...numbers].sort()).toEqual(numbers)
    expect(second.answer?.orders.every((row) => row.status >= 5)).toBe(true)
    const first = (await list({ tab: 'finished', sort: 'basket_number', number_per_page: 25 })).answer?.orders.at(-1)?.basket_number ?? ''
    expect(numbers[0]! > first).toBe(true)

    const target = numbers[0]!.slice(2, 8)
    const filtered = await list({ tab: 'finished', number: target })
    expect(filtered.answer?.orders.map((row) => row.basket_number)).toContain(numbers[0])
    expect(filtered.answer?.orders.every((row) => row.basket_number.includes(target))).toBe(true)
    expect(filtered.answer?.total).toBe(filtered.answer?.counts.finished)
  })

  it('preselects a basket with `order`: its tab and the page it is on', async () => {
    const basket = await basketWith(4)
    const page1 = (await list({ tab: 'in_process', sort: 'basket_number' })).answer
    const { answer } = await list({ order: basket.basketNumber, sort: 'basket_number', number_per_page: 5 })
    expect(answer?.tab).toBe('in_process')
    expect(answer?.selected).toBe(basket.basketNumber)
    expect(answer?.orders.map((row) => row.basket_number)).toContain(basket.basketNumber)
    expect(page1?.counts.in_process).toBeGreaterThan(0)
    const unknown = await list({ order: '2000000001', tab: 'finished' })
    expect(unknown.answer?.selected).toBeNull()
    expect(unknown.answer?.tab).toBe('finished')
  })

  it('gives a dealer admin the baskets of the dealer tree only', async () => {
    const { answer } = await list({ tab: 'open', number_per_page: 100 }, dealerToken)
    const staffCounts = (await list({})).answer?.counts
    expect(answer?.orders.length).toBeGreaterThan(0)
    const dealerPath = `/${DEMO_COMPANY_IDS.supplier}/${DEMO_COMPANY_IDS.dealer}/`
    const paths = await db().select({ id: companyTree.companyId, path: companyTree.path }).from(companyTree)
    const pathOf = new Map(paths.map((row) => [row.id, row.path]))
    expect(answer?.orders.every((row) => pathOf.get(row.company[0])?.startsWith(dealerPath))).toBe(true)
    expect(answer!.counts.open).toBeLessThan(staffCounts!.open)
  })

  it('refuses a dealer company outside the caller’s scope with 403', async () => {
    const dealerPath = `/${DEMO_COMPANY_IDS.supplier}/${DEMO_COMPANY_IDS.dealer}/`
    const all = await db().select({ id: companyTree.companyId, path: companyTree.path }).from(companyTree)
    const other = all.find((row) => row.id !== DEMO_COMPANY_IDS.supplier && !row.path.startsWith(dealerPath))
    const result = await list(unchecked({ dealer: other?.id }), dealerToken)
    expect(result.httpStatus).toBe(403)
    // Inside the tree, a sub-company narrows the list.
    const inside = all.find((row) => row.path.startsWith(dealerPath) && row.id !== DEMO_COMPANY_IDS.dealer)
    expect((await list(unchecked({ dealer: inside?.id }), dealerToken)).httpStatus).toBe(200)
  })

  it.each([
    ['an unknown tab', { tab: 'everything' }],
    ['page 0', { page: 0 }],
    ['a huge page', { page: 99999999999 }],
    ['a filter longer than 64 characters', { number: '1'.repeat(65) }],
    ['an unknown sort', { sort: 'password' }],
    ['25 000 per page', { number_per_page: 25000 }],
    ['0 per page', { number_per_page: 0 }],
  ])('refuses %s with 400', async (_, query) => {
    const result = await list(unchecked(query))
    expect(result.httpStatus).toBe(400)
    expect(result.messages.length).toBeGreaterThan(0)
  })

  it('takes odd characters in the filter literally', async () => {
    for (const odd of ['%', '_', "'; drop table baskets; --", '\\', 'ä€😀']) {
      const result = await list({ number: odd })
      expect(result.httpStatus).toBe(200)
      expect(result.answer?.orders).toEqual([])
    }
  })

  it('needs a token', async () => {
    expect((await api.call(basketListEndpoint, {})).httpStatus).toBe(401)
  })

  it.each(withoutApproval)('refuses the %s account (no CAN_APPROVE_ORDER) with 403', async (role) => {
    const token = await api.loginAs(DEMO_ACCOUNTS[role].username)
    expect((await list({}, token)).httpStatus).toBe(403)
  })
})

describe('GET /vue/basket/{basket}/status/', () => {
  it('answers the status and the last status update', async () => {
    const basket = await basketWith(3)
    const result = await api.call(basketStatusEndpoint, { basket: basket.basketNumber }, { token: dealerToken })
    expect(result.httpStatus).toBe(200)
    expect(result.data).toMatchObject({ basket_number: basket.basketNumber, order_status: 3 })
  })

  it('takes leading zeros', async () => {
    const basket = await basketWith(3)
    const result = await api.call(basketStatusEndpoint, { basket: `000${basket.basketNumber}` }, { token: staffToken })
    expect(result.httpStatus).toBe(200)
  })

  it.each([
    ['12a45', 'The basket number 12a45 may contain digits only.'],
    ['0123', 'The basket number 0123 needs at least 4 digits without leading zeros.'],
    ['201234567', 'A basket number starting with 20 has 10 digits (201234567).'],
    ['991234567', 'A basket number starting with 99 has 8 digits (991234567).'],
  ])('refuses %s with the rule it breaks', async (number, message) => {
    const result = await api.call(basketStatusEndpoint, { basket: number }, { token: staffToken })
    expect(result.httpStatus).toBe(400)
    expect(result.messages).toEqual([message])
  })

  it('answers 404 for an unknown basket and for one outside the scope alike', async () => {
    const unknown = await api.call(basketStatusEndpoint, { basket: '2099999999' }, { token: staffToken })
    expect(unknown.httpStatus).toBe(404)
    expect(unknown.messages).toEqual(['There is no basket 2099999999.'])
    const outside = await outOfDealerScope(3)
    const hidden = await api.call(basketStatusEndpoint, { basket: outside }, { token: dealerToken })
    expect(hidden.httpStatus).toBe(404)
    expect(hidden.messages).toEqual([`There is no basket ${outside}.`])
  })

  it('needs a token and CAN_APPROVE_ORDER', async () => {
    const basket = await basketWith(3)
    expect((await api.call(basketStatusEndpoint, { basket: basket.basketNumber })).httpStatus).toBe(401)
    const token = await api.loginAs(DEMO_ACCOUNTS.translator.username)
    expect((await api.call(basketStatusEndpoint, { basket: basket.basketNumber }, { token })).httpStatus).toBe(403)
  })
})

describe('POST /vue/basket/{basket}/approve/', () => {
  const approve = (basket: string, approvalNumber: string | undefined, token = dealerToken) =>
    api.call(basketApproveEndpoint, approvalNumber === undefined ? unchecked({ basket }) : { basket, approvalNumber }, { token })

  it('approves a basket waiting for approval and keeps who did it in the history', async () => {
    const basket = await basketWith(2)
    const result = await approve(basket.basketNumber, 'FRG-4711')
    expect(result.httpStatus).toBe(200)
    const answer = result.data
    expect(answer).toMatchObject({ order_status: 3, approval_number: 'FRG-4711' })
    expect(new Date(answer.last_status_update).getTime()).toBeGreaterThan(basket.lastStatusUpdate.getTime())
    const history = (await api.call(basketHistoryEndpoint, { basket: basket.basketNumber }, { token: dealerToken })).data.history
    expect(history.at(-1)).toMatchObject({
      action: 'approve',
      from: 2,
      to: 3,
      actor: [dealer.userId, dealer.username],
      real_actor: null,
      approval_number: 'FRG-4711',
    })
    // A second approval finds it no longer waiting.
    const again = await approve(basket.basketNumber, 'FRG-4712')
    expect(again.httpStatus).toBe(409)
    expect(again.messages).toEqual([`Basket ${basket.basketNumber} is not waiting for approval.`])
  })

  it.each([0, 1, 3, 5, 6])('refuses a basket in status %i with 409', async (status) => {
    const basket = await basketWith(status)
    const result = await approve(basket.basketNumber, 'FRG-1')
    expect(result.httpStatus).toBe(409)
    const [row] = await db().select().from(baskets).where(eq(baskets.id, basket.id))
    expect(row?.status).toBe(status)
  })

  it('refuses a basket the approver placed', async () => {
    const basket = await basketWith(2)
    await db().update(baskets).set({ placedByUserId: dealer.userId }).where(eq(baskets.id, basket.id))
    const result = await approve(basket.basketNumber, 'FRG-1')
    expect(result.httpStatus).toBe(403)
    expect(result.messages).toEqual([`You placed basket ${basket.basketNumber} yourself; someone else has to approve it.`])
  })

  it.each([
    ['no approval number', undefined],
    ['an empty approval number', ' '],
    ['an approval number with odd characters', '<script>'],
    ['a 41-character approval number', 'A'.repeat(41)],
  ])('refuses %s with 400', async (_, query) => {
    const basket = await basketWith(2)
    const result = await approve(basket.basketNumber, query)
    expect(result.httpStatus).toBe(400)
    const [row] = await db().select().from(baskets).where(eq(baskets.id, basket.id))
    expect(row?.status).toBe(2)
  })

  it('refuses an approval number that breaks the rule with a message saying why, and changes nothing', async () => {
    const basket = await basketWith(2)
    const cases = [
      ['A'.repeat(300), 'en', 'The approval number has 300 characters; at most 40 are allowed.'],
      ['A'.repeat(41), 'de', 'Die Freigabenummer hat 41 Zeichen; erlaubt sind höchstens 40.'],
      ['  ', 'en', 'Please enter the approval number.'],
      ['FRG;1<', 'en', 'The approval number may not contain “;” “<”. Allowed are letters, digits, - _ / . and spaces between them.'],
    ] as const
    for (const [approvalNumber, locale, message] of cases) {
      const result = await api.call(basketApproveEndpoint, { basket: basket.basketNumber, approvalNumber }, { token: dealerToken, locale })
      expect(result.httpStatus, approvalNumber).toBe(400)
      expect(result.messages).toEqual([message])
    }
    const [row] = await db().select().from(baskets).where(eq(baskets.id, basket.id))
    expect(row).toMatchObject({ status: 2, approvalNumber: null })
  })

  it('names a wrong basket number and a wrong approval number in one 400, in the caller’s language (the rules are the schema’s)', async () => {
    const result = await api.call(basketApproveEndpoint, { basket: '0123', approvalNumber: ';' }, { token: dealerToken, locale: 'de' })
    expect(result.httpStatus).toBe(400)
    expect(result.messages).toEqual([
      'Die Warenkorbnummer 0123 braucht ohne führende Nullen mindestens 4 Ziffern.',
      'Die Freigabenummer darf „;“ nicht enthalten. Erlaubt sind Buchstaben, Ziffern, - _ / . und Leerzeichen dazwischen.',
    ])
  })

  it('keeps an approval number of exactly 40 characters whole, trimmed of outer spaces', async () => {
    const basket = await basketWith(2)
    const value = `Ü-${'9'.repeat(34)} a/b`
    expect([...value]).toHaveLength(40)
    const result = await approve(basket.basketNumber, `  ${value} `)
    expect(result.httpStatus).toBe(200)
    expect(result.data.approval_number).toBe(value)
    const [row] = await db().select().from(baskets).where(eq(baskets.id, basket.id))
    expect(row?.approvalNumber).toBe(value)
  })

  it('checks the approval number only after the permission', async () => {
    const basket = await basketWith(2)
    expect((await approve(basket.basketNumber, 'A'.repeat(300), '')).httpStatus).toBe(401)
    const token = await api.loginAs(DEMO_ACCOUNTS.carpenter.username)
    expect((await approve(basket.basketNumber, 'A'.repeat(300), token)).httpStatus).toBe(403)
  })

  it('refuses a basket outside the scope and an unknown one with 404', async () => {
    const outside = await outOfDealerScope(2)
    expect((await approve(outside, 'FRG-1')).httpStatus).toBe(404)
    expect((await approve('99000001', 'FRG-1')).httpStatus).toBe(404)
  })

  it('records the real actor when staff approve as a switched user', async () => {
    const basket = await basketWith(2)
    const { token } = await api.switchTo(dealer, { by: staffToken })
    expect((await approve(basket.basketNumber, 'FRG-9', token)).httpStatus).toBe(200)
    const history = (await api.call(basketHistoryEndpoint, { basket: basket.basketNumber }, { token: staffToken })).data.history
    expect(history.at(-1)).toMatchObject({ actor: [dealer.userId, dealer.username], real_actor: [staff.userId, staff.username] })
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'basket_approve'), eq(auditLog.entityId, basket.basketNumber)))
    expect(audit).toMatchObject({ actorUserId: staff.userId, actingAsUserId: dealer.userId })
  })

  it('needs a token and CAN_APPROVE_ORDER', async () => {
    const basket = await basketWith(2)
    expect((await approve(basket.basketNumber, 'X1', '')).httpStatus).toBe(401)
    const token = await api.loginAs(DEMO_ACCOUNTS.carpenter.username)
    expect((await approve(basket.basketNumber, 'X1', token)).httpStatus).toBe(403)
  })
})

describe('POST /vue/basket/{number}/reset/', () => {
  const reset = (number: string, token = dealerToken) => api.call(basketResetEndpoint, { number }, { token })

  it.each([1, 2, 3, 4, 5, 6])('resets a basket in status %i to open and keeps it in the history', async (status) => {
    const basket = await basketWith(status)
    const result = await reset(basket.basketNumber)
    expect(result.httpStatus).toBe(200)
    expect(result.data).toMatchObject({ order_status: 0, approval_number: null })
    const history = (await api.call(basketHistoryEndpoint, { basket: basket.basketNumber }, { token: dealerToken })).data.history
    expect(history.at(-1)).toMatchObject({ action: 'reset', from: status, to: 0, actor: [dealer.userId, dealer.username] })
  })

  it('refuses a basket that is already open with 409', async () => {
    const basket = await basketWith(0)
    const result = await reset(basket.basketNumber)
    expect(result.httpStatus).toBe(409)
    expect(result.messages).toEqual([`Basket ${basket.basketNumber} is already open.`])
  })

  it('refuses a number that breaks the rule, an unknown one and one outside the scope', async () => {
    expect((await reset('2012')).httpStatus).toBe(400)
    expect((await reset('99000001')).httpStatus).toBe(404)
    expect((await reset(await outOfDealerScope(3))).httpStatus).toBe(404)
  })

  it('answers in German', async () => {
    const result = await api.call(basketResetEndpoint, { number: '123' }, { token: dealerToken, locale: 'de' })
    expect(result.messages).toEqual(['Die Warenkorbnummer 123 braucht ohne führende Nullen mindestens 4 Ziffern.'])
  })

  it('needs a token and CAN_APPROVE_ORDER', async () => {
    const basket = await basketWith(3)
    expect((await reset(basket.basketNumber, '')).httpStatus).toBe(401)
    const token = await api.loginAs(DEMO_ACCOUNTS.industry.username)
    expect((await reset(basket.basketNumber, token)).httpStatus).toBe(403)
  })
})

describe('GET /vue/basket/{basket}/history/', () => {
  it('lists the seeded history oldest first', async () => {
    const basket = await basketWith(5)
    const result = await api.call(basketHistoryEndpoint, { basket: basket.basketNumber }, { token: staffToken })
    expect(result.httpStatus).toBe(200)
    const { history } = result.data
    expect(history[0]?.action).toBe('create')
    expect(history.at(-1)?.to).toBe(5)
    const times = history.map((entry) => entry.at)
    expect([...times].sort()).toEqual(times)
  })

  it('needs a token, CAN_APPROVE_ORDER and the scope', async () => {
    const basket = await basketWith(5)
    expect((await api.call(basketHistoryEndpoint, { basket: basket.basketNumber })).httpStatus).toBe(401)
    const token = await api.loginAs(DEMO_ACCOUNTS.translator.username)
    expect((await api.call(basketHistoryEndpoint, { basket: basket.basketNumber }, { token })).httpStatus).toBe(403)
    const outside = await outOfDealerScope(5)
    expect((await api.call(basketHistoryEndpoint, { basket: outside }, { token: dealerToken })).httpStatus).toBe(404)
    expect((await api.call(basketHistoryEndpoint, { basket: 'abcd' }, { token: dealerToken })).httpStatus).toBe(400)
  })
})
