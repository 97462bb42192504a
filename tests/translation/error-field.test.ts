import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { basketListEndpoint } from '../../src/contract/orders'
import { loginEndpoint } from '../../src/contract/session'
import { articleEndpoint, catalogEndpoint, dumpEndpoint, systemTextsEndpoint, vartextTextsEndpoint } from '../../src/contract/translation'
import { saveData, saveEndpoint, vartextSaveEndpoint, type SaveBody } from '../../src/contract/translation-save'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { startApi, type CallResult, type TestApi } from '../helpers/api'

// The product spec: "Translation calls report through an error field". Every failure of a
// /vue/i18n/ call carries `error` — its messages joined by line breaks — beside status and messages.
let api: TestApi
let translatorToken: string
beforeAll(async () => {
  api = await startApi()
  translatorToken = await api.loginAs(DEMO_ACCOUNTS.translator.username)
})
afterAll(() => api.close())

function expectErrorField(result: Pick<CallResult, 'httpStatus' | 'status' | 'messages' | 'error'>, httpStatus: number) {
  expect(result.httpStatus).toBe(httpStatus)
  expect(result.status).toBe(false)
  expect(result.messages.length).toBeGreaterThan(0)
  expect(result.error).toBe(result.messages.join('\n'))
}

const spec = (key: string, value = 'x'): SaveBody => ({ languages: { fr: ['Français', { [key]: value }] }, changes: { fr: [key] }, pid2trus: {} })

describe('the error field of translation calls', () => {
  it('is on bad input, with every message joined', async () => {
    const keys = Array.from({ length: 3 }, (_, i) => `missing.${i}`)
    const body: SaveBody = { languages: { fr: ['', Object.fromEntries(keys.map((key) => [key, 'x']))] }, changes: { fr: keys }, pid2trus: {} }
    const result = await api.call(vartextSaveEndpoint, body, { token: translatorToken })
    expectErrorField(result, 400)
    expect(result.error).toBe('There is no text missing.0.\nThere is no text missing.1.\nThere is no text missing.2.')
    expectErrorField(await api.call(saveEndpoint, spec('no.such.key'), { token: translatorToken }), 400)
    expectErrorField(await api.call(dumpEndpoint, {}, { token: translatorToken, body: ['nope'] }), 400)
    expectErrorField(await api.call(vartextTextsEndpoint, { src: 'xx' }, { token: translatorToken }), 400)
    expectErrorField(
      await api.request('POST', '/vue/i18n/save/', { token: translatorToken, rawBody: '{', headers: { 'content-type': 'application/json' } }),
      400,
    )
  })

  it('is there without a token and without CAN_TRANSLATE, in the caller’s language', async () => {
    expectErrorField(await api.call(saveEndpoint, spec('any')), 401)
    expectErrorField(await api.call(catalogEndpoint), 401)
    const carpenter = await api.loginAs(DEMO_ACCOUNTS.carpenter.username)
    const forbidden = await api.call(vartextSaveEndpoint, spec('any'), { token: carpenter, locale: 'de' })
    expectErrorField(forbidden, 403)
    expect(forbidden.error).toBe('Dazu sind Sie nicht berechtigt.')
  })

  it('is there for unknown articles, unknown addresses, wrong methods and bodies over the limit', async () => {
    expectErrorField(await api.call(articleEndpoint, { id: 999999, model: 'x' }, { token: translatorToken }), 404)
    expectErrorField(await api.request('GET', '/vue/i18n/no-such-call/', { token: translatorToken }), 404)
    expectErrorField(await api.request('GET', '/vue/i18n/save/', { token: translatorToken }), 405)
    const huge = JSON.stringify(spec('any', 'x'.repeat(1_100_000)))
    expectErrorField(
      await api.request('POST', '/vue/i18n/save/', { token: translatorToken, rawBody: huge, headers: { 'content-type': 'application/json' } }),
      413,
    )
    expectErrorField(await api.request('POST', '/vue/i18n/vartext-xml/', { token: translatorToken, body: { file: 'x' } }), 415)
  })

  it('is there on a conflict (409), beside data.error', async () => {
    const texts = await api.call(systemTextsEndpoint, { src: 'master', dst: 'fr' }, { token: translatorToken })
    const key = texts.data.texts[0]!.text
    const other = await api.loginAs(DEMO_ACCOUNTS.staff.username)
    expect((await api.call(saveEndpoint, spec(key, 'Leur version'), { token: other })).httpStatus).toBe(200)
    const result = await api.call(saveEndpoint, { ...spec(key, 'Ma version'), base: { fr: { [key]: null } } }, { token: translatorToken })
    expectErrorField(result, 409)
    expect(saveData.parse(result.failure).error).toBe(result.error)
  })

  it('is absent on success and on the failures of other calls', async () => {
    const ok = await api.call(catalogEndpoint, {}, { token: translatorToken })
    expect([ok.httpStatus, ok.error]).toEqual([200, undefined])
    const login = await api.call(loginEndpoint, { username: 'nobody@example.com', password: 'wrong-password' })
    expect(login.status).toBe(false)
    expect(login.error).toBeUndefined()
    expect((await api.call(basketListEndpoint)).error).toBeUndefined()
  })
})
