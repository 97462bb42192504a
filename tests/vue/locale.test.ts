import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../../app/features/session/site-locale.server'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { chooseLocale, storedLocale } from '../../src/domain/locale-choice'
import { extractLocaleFromRequestAsync } from '../../src/paraglide/runtime'
import { fromAcceptLanguage, localeOf } from '../../src/server/http-api/locale.server'
import { startApi, type TestApi } from '../helpers/api'

// One rule for page, server-function and /vue/ language (decision 017): the stored choice,
// then the site's default by host name (localhost: English, doors.localhost: German).
describe('the caller’s language', () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR,en;q=0.3,de;q=0.7', 'de'],
    ['de;q=0.2,en', 'en'],
    ['fr, it', null],
    ['de;q=0', null],
    ['', null],
  ])('%s → %s', (header, expected) => {
    expect(fromAcceptLanguage(header)).toBe(expected)
  })

  it('reads only a known stored choice from the cookie', () => {
    expect(storedLocale('a=1; PARAGLIDE_LOCALE=en; b=2')).toBe('en')
    expect(storedLocale('PARAGLIDE_LOCALE=fr')).toBeNull()
    expect(storedLocale('XPARAGLIDE_LOCALE=en')).toBeNull()
    expect(storedLocale(undefined)).toBeNull()
  })

  it.each([
    ['localhost', 'en'],
    ['localhost:3000', 'en'],
    ['doors.localhost', 'de'],
    ['unknown.example', 'en'],
  ])('without a stored choice the site of %s decides: %s', (host, expected) => {
    expect(chooseLocale({ cookie: null, host })).toBe(expected)
  })

  it('puts the stored choice before the site default on both sites', () => {
    expect(chooseLocale({ cookie: 'PARAGLIDE_LOCALE=de', host: 'localhost' })).toBe('de')
    expect(chooseLocale({ cookie: 'PARAGLIDE_LOCALE=en', host: 'doors.localhost' })).toBe('en')
    expect(chooseLocale({ cookie: 'PARAGLIDE_LOCALE=en', host: 'doors.localhost', requested: 'de' })).toBe('en')
  })

  it('renders pages in the stored choice, not the site default (the server strategy)', async () => {
    const page = (url: string, cookie?: string) => new Request(url, { headers: cookie ? { cookie } : {} })
    expect(await extractLocaleFromRequestAsync(page('http://doors.localhost:3000/', 'PARAGLIDE_LOCALE=en'))).toBe('en')
    expect(await extractLocaleFromRequestAsync(page('http://localhost:3000/', 'PARAGLIDE_LOCALE=de'))).toBe('de')
    expect(await extractLocaleFromRequestAsync(page('http://doors.localhost:3000/'))).toBe('de')
    expect(await extractLocaleFromRequestAsync(page('http://localhost:3000/'))).toBe('en')
    // A page ignores the browser's Accept-Language: the server and the browser must agree.
    const german = new Request('http://localhost:3000/', { headers: { 'accept-language': 'de' } })
    expect(await extractLocaleFromRequestAsync(german)).toBe('en')
  })

  it('answers /vue/ in the stored choice, then Accept-Language, then the site default', () => {
    const call = (url: string, headers: Record<string, string>) => localeOf(new Request(url, { headers }))
    expect(call('http://doors.localhost/vue/login/', { cookie: 'PARAGLIDE_LOCALE=en', 'accept-language': 'de' })).toBe('en')
    expect(call('http://localhost/vue/login/', { cookie: 'PARAGLIDE_LOCALE=de', 'accept-language': 'en' })).toBe('de')
    expect(call('http://localhost/vue/login/', { 'accept-language': 'de-DE' })).toBe('de')
    expect(call('http://doors.localhost/vue/login/', {})).toBe('de')
    expect(call('http://localhost/vue/login/', {})).toBe('en')
    expect(call('http://localhost/vue/login/', { 'accept-language': 'fr' })).toBe('en')
  })
})

describe('/vue/ messages follow the rule', () => {
  let api: TestApi
  beforeAll(async () => {
    api = await startApi()
  })
  afterAll(() => api.close())

  const wrongLogin = (headers: Record<string, string>) =>
    api.request('POST', '/vue/login/', { body: { username: DEMO_ACCOUNTS.carpenter.username, password: 'wrong-password' }, headers, clientAddress: '10.9.9.9' })

  it('a stored choice beats the Accept-Language header', async () => {
    const english = await wrongLogin({ cookie: 'PARAGLIDE_LOCALE=en', 'accept-language': 'de' })
    expect(english.messages).toEqual(['The username or password is wrong.'])
    const german = await wrongLogin({ cookie: 'PARAGLIDE_LOCALE=de', 'accept-language': 'en' })
    expect(german.messages).toEqual(['Benutzername oder Passwort ist falsch.'])
  })
})
