import { describe, expect, it } from 'vitest'
import { memorySources, parseTmxDate, portalLanguageOf, tmxDate, tmxTag } from '../../src/domain/tmx-language'

// The portal's languages as TMX tags and back, and TMX's dates (docs/decisions/049).
const CODES = ['master', 'de', 'en', 'fr', 'pt-br']

describe('TMX language tags', () => {
  it('writes the master texts as German marked as the master, every other code as it is', () => {
    expect(tmxTag('master')).toBe('de-x-master')
    expect(tmxTag('fr')).toBe('fr')
  })

  it.each([
    ['de-x-master', 'master'],
    ['DE-X-Master', 'master'],
    ['de-DE', 'de'],
    ['DE_AT', 'de'],
    ['de', 'de'],
    ['en-GB', 'en'],
    ['EN-US', 'en'],
    ['pt-BR', 'pt-br'],
    ['pt-PT', null],
    ['it-IT', null],
    ['', null],
  ])('reads %s as %s', (tag, code) => {
    expect(portalLanguageOf(tag, CODES)).toBe(code)
  })

  it('serves German and master sources to each other only', () => {
    expect(memorySources('master')).toEqual(['master', 'de'])
    expect(memorySources('de')).toEqual(['master', 'de'])
    expect(memorySources('en')).toEqual(['en'])
  })
})

describe('TMX dates', () => {
  it('writes and reads YYYYMMDDThhmmssZ in UTC', () => {
    const date = new Date('2025-03-12T08:15:30.250Z')
    expect(tmxDate(date)).toBe('20250312T081530Z')
    expect(parseTmxDate('20250312T081530Z')).toEqual(new Date('2025-03-12T08:15:30Z'))
  })

  it.each(['2025-03-12T08:15:30Z', '20250231T000000Z', '20250312T246000Z', '20250312T081530', ''])('reads %j as no date', (value) => {
    expect(parseTmxDate(value)).toBeNull()
  })
})
