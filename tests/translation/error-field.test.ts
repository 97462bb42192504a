import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemTextsEndpoint } from '../../src/contract/translation'
import { saveData } from '../../src/contract/translation-save'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { startApi, type CallResult, type TestApi } from '../helpers/api'

// Spec section 8: "Translation calls report through an error field". Every failure of a
// /vue/i18n/ call carries `error` — its messages joined by line breaks — beside status and messages.
let api: TestApi
let translatorToken: string
beforeAll(async () => {
  api = await startApi()
  translatorToken = await api.loginAs(DEMO_ACCOUNTS.translator.username)
})
afterAll(() => api.close())

function expectErrorField(result: CallResult, httpStatus: number) {
  expect(result.httpStatus).toBe(httpStatus)
  expect(result.status).toBe(false)
  expect(result.messages.length).toBeGreaterThan(0)
  expect(result.error).toBe(result.messages.join('\n'))
}

const spec = (key: string, value = 'x') => ({ languages: { fr: ['Français', { [key]: value }] }, changes: { fr: [key] }, pid2trus: {} })

describe('the error field of translation calls', () => {
  it('is on bad input, with every message joined', async () => {
    const keys = Array.from({ length: 3 }, (_, i) => `missing.${i}`)
    const body = { languages: { fr: ['', Object.fromEntries(keys.map((key) => [key, 'x']))] }, changes: { fr: keys }, pid2trus: {} }
    const result = await api.call('POST', '/vue/i18n/vartext/', { token: translatorToken, body })
    expectErrorField(result, 400)
    expect(result.error).toBe('There is no text missing.0.\nThere is no text missing.1.\nThere is no text missing.2.')
    expectErrorField(await api.call('POST', '/vue/i18n/save/', { token: translatorToken, body: spec('no.such.key') }), 400)
    expectErrorField(await api.call('POST', '/vue/i18n/dump/', { token: translatorToken, body: ['nope'] }), 400)
    expectErrorField(await api.call('GET', '/vue/i18n/vartext/?src=xx', { token: translatorToken }), 400)
    expectErrorField(await api.call('POST', '/vue/i18n/save/', { token: translatorToken, rawBody: '{', headers: { 'content-type': 'application/json' } }), 400)
  })

  it('is there without a token and without CAN_TRANSLATE, in the caller’s language', async () => {
    expectErrorField(await api.call('POST', '/vue/i18n/save/', { body: spec('any') }), 401)
    expectErrorField(await api.call('GET', '/vue/i18n/catalog/'), 401)
    const carpenter = await api.loginAs(DEMO_ACCOUNTS.carpenter.username)
    const forbidden = await api.call('POST', '/vue/i18n/vartext/', { token: carpenter, body: spec('any'), locale: 'de' })
    expectErrorField(forbidden, 403)
    expect(forbidden.error).toBe('Dazu sind Sie nicht berechtigt.')
  })

  it('is there for unknown articles, unknown addresses, wrong methods and bodies over the limit', async () => {
    expectErrorField(await api.call('GET', '/vue/i18n/article/999999/x/', { token: translatorToken }), 404)
    expectErrorField(await api.call('GET', '/vue/i18n/no-such-call/', { token: translatorToken }), 404)
    expectErrorField(await api.call('GET', '/vue/i18n/save/', { token: translatorToken }), 405)
    const huge = JSON.stringify(spec('any', 'x'.repeat(1_100_000)))
    expectErrorField(await api.call('POST', '/vue/i18n/save/', { token: translatorToken, rawBody: huge, headers: { 'content-type': 'application/json' } }), 413)
    expectErrorField(await api.call('POST', '/vue/i18n/vartext-xml/', { token: translatorToken, body: { file: 'x' } }), 415)
  })

  it('is there on a conflict (409), beside data.error', async () => {
    const texts = await api.call('GET', '/vue/i18n/system/?src=master&dst=fr', { token: translatorToken })
    const key = systemTextsEndpoint.data.parse(texts.data).texts[0]!.text
    const other = await api.loginAs(DEMO_ACCOUNTS.staff.username)
    expect((await api.call('POST', '/vue/i18n/save/', { token: other, body: spec(key, 'Leur version') })).httpStatus).toBe(200)
    const result = await api.call('POST', '/vue/i18n/save/', { token: translatorToken, body: { ...spec(key, 'Ma version'), base: { fr: { [key]: null } } } })
    expectErrorField(result, 409)
    expect(saveData.parse(result.data).error).toBe(result.error)
  })

  it('is absent on success and on the failures of other calls', async () => {
    const ok = await api.call('GET', '/vue/i18n/catalog/', { token: translatorToken })
    expect([ok.httpStatus, ok.error]).toEqual([200, undefined])
    const login = await api.call('POST', '/vue/login/', { body: { username: 'nobody@example.com', password: 'wrong-password' } })
    expect(login.status).toBe(false)
    expect(login.error).toBeUndefined()
    expect((await api.call('GET', '/vue/basket/list/')).error).toBeUndefined()
  })
})
