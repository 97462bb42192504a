import { describe, expect, it } from 'vitest'
import { maxLengthOf } from '../../src/domain/text-flags'
import { characterCount, checkTranslation } from '../../src/domain/translation-checks'

const FRENCH = { sourceLanguage: 'master', targetLanguage: 'fr' }

describe('maxLengthOf', () => {
  it('reads the max-length flag among the tags, the smallest where there are several', () => {
    expect(maxLengthOf(['door', 'max-length:40'])).toBe(40)
    expect(maxLengthOf(['max-length:40', ' max-length:12 '])).toBe(12)
    expect(maxLengthOf(['door'])).toBeUndefined()
    expect(maxLengthOf(['max-length:0', 'max-length:abc', 'max-length:1234567', 'max-length: 5'])).toBeUndefined()
  })

  it('gives the checks their limit: a longer translation is an error', () => {
    const issues = checkTranslation('Tür', 'Porte coulissante', { ...FRENCH, maxLength: maxLengthOf(['max-length:10']) })
    expect(issues).toContainEqual(expect.objectContaining({ check: 'too_long', severity: 'error', items: ['17', '10'] }))
    expect(checkTranslation('Tür', 'Porte', { ...FRENCH, maxLength: maxLengthOf(['max-length:10']) })).toEqual([])
  })

  it('counts characters as a reader does: a sign outside the basic plane is one, not two', () => {
    expect(characterCount('Tür 🚪')).toBe(5)
    const tooLong = (value: string) => checkTranslation('Tür', value, { ...FRENCH, maxLength: 5 }).filter((issue) => issue.check === 'too_long')
    expect(tooLong('𝔗ür 🚪')).toEqual([])
    expect(tooLong('𝔗üren 🚪')).toEqual([expect.objectContaining({ items: ['7', '5'] })])
  })
})
