import { afterEach, describe, expect, it } from 'vitest'
import { languageChoices, languageName } from '../../app/features/translation/language-picker'
import { savedByOwner } from '../../app/features/translation/local-keys'
import { formatDeviceTime } from '../../app/ui/format'
import { baseLocale, overwriteGetLocale } from '../../src/paraglide/runtime'

// Small things a translator met many times an hour: language names in the interface language,
// a conflict with oneself told apart, and times in the device's own time zone.
afterEach(() => overwriteGetLocale(() => baseLocale))

describe('language names', () => {
  it('names every language in the interface language, also when the server sent its own names', () => {
    const fromServer: Array<[string, string]> = [
      ['master', 'Master'],
      ['en', 'English'],
      ['fr', 'French'],
      ['pt-BR', 'Portuguese (Brazil)'],
      ['x-shop', 'Shop words'],
    ]
    overwriteGetLocale(() => 'de')
    expect(languageChoices(fromServer, [])).toEqual([
      ['master', 'Master'],
      ['en', 'Englisch'],
      ['fr', 'Französisch'],
      ['pt-BR', 'Portugiesisch (Brasilien)'],
      ['x-shop', 'Shop words'],
    ])
    overwriteGetLocale(() => 'en')
    expect(languageChoices(fromServer, []).map(([, name]) => name)).toEqual(['Master', 'English', 'French', 'Brazilian Portuguese', 'Shop words'])
  })

  it('before the server has answered: the defaults and the codes in use, named', () => {
    overwriteGetLocale(() => 'de')
    expect(languageChoices(null, ['master', 'it'])).toEqual([
      ['master', 'Master'],
      ['en', 'Englisch'],
      ['it', 'Italienisch'],
    ])
    expect(languageName('not a tag!')).toBe('not a tag!')
  })
})

describe('a conflict with oneself', () => {
  const theirs = (username: string | null) => ({ value: 'x', stamp: 's', by: 'Anna Berg (anna@example.com)', username })
  it('is the edit owner’s own save when the server names the same user', () => {
    expect(savedByOwner({ owner: 'anna@example.com', theirs: theirs('anna@example.com') })).toBe(true)
    expect(savedByOwner({ owner: 'anna@example.com', theirs: theirs('ben@example.com') })).toBe(false)
    // An older backend names nobody, and no save of "nobody" is the reader's.
    expect(savedByOwner({ owner: '', theirs: theirs(null) })).toBe(false)
    expect(savedByOwner({ owner: 'anna@example.com', theirs: null })).toBe(false)
  })
})

describe('times on the desk', () => {
  it('are in the device’s time zone and the interface language', () => {
    const at = Date.UTC(2026, 10, 27, 4, 16)
    overwriteGetLocale(() => 'en')
    const device = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at))
    expect(formatDeviceTime(at)).toBe(device)
    expect(formatDeviceTime(new Date(at).toISOString())).toBe(device)
    overwriteGetLocale(() => 'de')
    expect(formatDeviceTime(at)).toBe(new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)))
  })
})
