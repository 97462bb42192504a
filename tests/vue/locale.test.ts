import { describe, expect, it } from 'vitest'
import { fromAcceptLanguage, localeOf } from '../../src/server/vue/locale.server'

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

  it('prefers the stored choice over the browser’s language and falls back to German', () => {
    expect(localeOf(new Request('http://x/', { headers: { cookie: 'a=1; PARAGLIDE_LOCALE=en', 'accept-language': 'de' } }))).toBe('en')
    expect(localeOf(new Request('http://x/'))).toBe('de')
  })
})
