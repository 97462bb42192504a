import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { basketListEndpoint } from '../../src/contract/orders'
import { pagePastEnd } from '../../src/contract/paging'
import { priceLogEndpoint, priceLogsEndpoint } from '../../src/contract/price-logs'
import { contactListEndpoint } from '../../src/contract/contacts'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { callPagedForBrowser } from '../../src/server/endpoint/call-paged.server'
import { startApi, type TestApi } from '../helpers/api'

// Every paged /vue/ list: a page past the last says so (404 with the page asked for and how
// many there are), never answers the last page in its place; page 1 always exists.
let api: TestApi
let token: string
let logId: number
beforeAll(async () => {
  api = await startApi()
  token = await api.loginAs(DEMO_ACCOUNTS.staff.username)
  const logs = priceLogsEndpoint.data.parse((await api.request('GET', '/vue/price/logs/?number_per_page=200', { token })).data)
  logId = logs.entries.find((entry) => entry.rows > 1)!.id
})
afterAll(() => api.close())

/** Each paged list: its path, its page count, and a filter matching nothing (none for log rows). */
const LISTS = [
  ['price logs', () => '/vue/price/logs/', (data: unknown) => priceLogsEndpoint.data.parse(data).pages, 'filter=article_uid:no-such-article'],
  ['price log rows', () => `/vue/price/log/${logId}/`, (data: unknown) => priceLogEndpoint.data.parse(data).pages, null],
  ['baskets (every tab)', () => '/vue/basket/list/', (data: unknown) => basketListEndpoint.data.parse(data).pages, 'number=99999999999'],
  ['baskets (one tab)', () => '/vue/basket/list/?tab=finished', (data: unknown) => basketListEndpoint.data.parse(data).pages, 'number=99999999999'],
  ['users', () => '/vue/contact/list/', (data: unknown) => contactListEndpoint.data.parse(data).pages, 'email=no-such-user'],
] as const

const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`

describe('a page past the last', () => {
  it.each(LISTS)('of %s is a 404 that names the last page, in the caller’s language', async (_, path, pagesOf) => {
    const first = await api.request('GET', withQuery(path(), 'number_per_page=1'), { token })
    const pages = pagesOf(first.data)
    expect(pages).toBeGreaterThan(1)
    const last = await api.request('GET', withQuery(path(), `number_per_page=1&page=${pages}`), { token })
    expect(last.httpStatus).toBe(200)
    const past = await api.request('GET', withQuery(path(), `number_per_page=1&page=${pages + 1}`), { token, locale: 'de' })
    expect([past.httpStatus, past.status, past.messages]).toEqual([404, false, [`Seite ${pages + 1} gibt es nicht; die letzte Seite ist ${pages}.`]])
    expect(pagePastEnd.parse(past.data)).toEqual({ page: pages + 1, pages })
  })

  it.each(LISTS.filter((list) => list[3] !== null))('of %s: page 1 of nothing is an empty page, page 2 a 404', async (_, path, pagesOf, nothing) => {
    const result = await api.request('GET', withQuery(path(), `${nothing}`), { token })
    expect([result.httpStatus, pagesOf(result.data)]).toEqual([200, 1])
    expect((await api.request('GET', withQuery(path(), `${nothing}&page=2`), { token })).httpStatus).toBe(404)
  })

  it('of an unknown log is still the log’s 404, and bad pages are still 400', async () => {
    const unknown = await api.request('GET', '/vue/price/log/99999999/?page=5', { token })
    expect([unknown.httpStatus, unknown.data]).toEqual([404, undefined])
    expect((await api.request('GET', '/vue/price/logs/?page=0', { token })).httpStatus).toBe(400)
    expect((await api.request('GET', '/vue/contact/list/?page=abc', { token })).httpStatus).toBe(400)
  })

  it('needs a token and the permission first: no page count leaks', async () => {
    expect((await api.request('GET', '/vue/price/logs/?page=999')).httpStatus).toBe(401)
    const carpenter = await api.loginAs(DEMO_ACCOUNTS.carpenter.username)
    for (const path of ['/vue/price/logs/?page=999', '/vue/basket/list/?page=999', '/vue/contact/list/?page=999']) {
      expect((await api.request('GET', path, { token: carpenter })).httpStatus).toBe(403)
    }
  })

  it('shows our own screens the last page instead, in the same call', async () => {
    const context = { token, locale: 'en' as const, clientAddress: '127.0.0.1', origin: 'http://localhost' }
    const answer = await callPagedForBrowser(priceLogsEndpoint, { params: {}, query: { page: 999_999, number_per_page: 1 }, body: undefined }, context)
    expect(answer.status).toBe(true)
    const direct = await api.request('GET', '/vue/price/logs/?number_per_page=1', { token })
    const pages = priceLogsEndpoint.data.parse(direct.data).pages
    const last = await api.request('GET', `/vue/price/logs/?number_per_page=1&page=${pages}`, { token })
    expect(answer.status && answer.data).toEqual(priceLogsEndpoint.data.parse(last.data))
    // Other failures pass through as they are.
    const refused = await callPagedForBrowser(priceLogsEndpoint, { params: {}, query: { filter: 'password:x' }, body: undefined }, context)
    expect(refused).toMatchObject({ status: false, httpStatus: 400 })
  })
})
