import { describe, expect, it } from 'vitest'
import { TranslationMemory, memoryScore, type MemoryUnit } from '../../src/domain/translation-memory'

const unit = (source: string, target: string, key = source, kind: MemoryUnit['origin']['kind'] = 'vartext', edit?: boolean): MemoryUnit => ({
  source,
  target,
  origin: { kind, key, ...(edit ? { edit } : {}) },
})

describe('memoryScore', () => {
  it('is 100 only for the same text and falls with the edit distance', () => {
    expect(memoryScore('Tür links', 'Tür links')).toBe(100)
    expect(memoryScore('Tür links', 'Tür linke')).toBe(88)
    expect(memoryScore('Tür links', 'Tür links.')).toBe(90)
    expect(memoryScore('abc', 'xyz')).toBe(0)
    expect(memoryScore('a'.repeat(1000), `${'a'.repeat(999)}b`)).toBe(99)
  })
})

describe('TranslationMemory', () => {
  it('finds matches of at least 70 %, best first, with where they come from', () => {
    const memory = new TranslationMemory()
    memory.replacePart('vartext|master|en', 'master', 'en', [
      unit('Schublade mit Softclose', 'Drawer with soft close', 'a'),
      unit('Schublade mit Softclose, grau', 'Drawer with soft close, grey', 'b'),
      unit('Scharnier für Glastüren', 'Hinge for glass doors', 'c'),
    ])
    memory.replacePart('catalog|master|en', 'master', 'en', [unit('Schubladen mit Softclose', 'Drawers with soft close', 'label-1', 'catalogue')])
    const matches = memory.lookup('master', 'en', 'Schublade mit Softclose')
    expect(matches.map((match) => [match.score, match.target, match.origin.kind])).toEqual([
      [100, 'Drawer with soft close', 'vartext'],
      [95, 'Drawers with soft close', 'catalogue'],
      [79, 'Drawer with soft close, grey', 'vartext'],
    ])
    expect(memory.lookup('master', 'fr', 'Schublade mit Softclose')).toEqual([])
    expect(memory.lookup('master', 'en', 'Völlig anderer Text')).toEqual([])
  })

  it('leaves out the text being translated and lists the same pair of texts once', () => {
    const memory = new TranslationMemory()
    memory.replacePart('p', 'master', 'en', [unit('Griff', 'Handle', 'x'), unit('Griff', 'Handle', 'y'), unit('Griff', 'Grip', 'z')])
    const matches = memory.lookup('master', 'en', 'Griff', { exclude: { kind: 'vartext', key: 'z' } })
    expect(matches).toEqual([{ score: 100, source: 'Griff', target: 'Handle', origin: { kind: 'vartext', key: 'x' }, count: 2 }])
  })

  it('keeps at most five matches and none under the minimum', () => {
    const memory = new TranslationMemory()
    const units = Array.from({ length: 20 }, (_, index) => unit(`Fronthöhe ${index} mm`, `Front height ${index} mm`, `k${index}`))
    memory.replacePart('p', 'master', 'en', units)
    const matches = memory.lookup('master', 'en', 'Fronthöhe 7 mm')
    expect(matches).toHaveLength(5)
    expect(matches[0]).toMatchObject({ score: 100, target: 'Front height 7 mm' })
    expect(matches.every((match) => match.score >= 70)).toBe(true)
    expect(memory.lookup('master', 'en', 'Fronthöhe 7 mm', { min: 95 })).toHaveLength(1)
  })

  it('replaces and updates the units of a part, and forgets a dropped one', () => {
    const memory = new TranslationMemory()
    memory.replacePart('p', 'master', 'en', [unit('Eiche natur', 'Natural oak', 'a'), unit('Buche', 'Beech', 'b')])
    memory.updatePart('p', 'master', 'en', [
      { source: 'Eiche natur', target: 'Oak, natural', origin: { kind: 'vartext', key: 'a' } },
      { source: 'Buche', target: null, origin: { kind: 'vartext', key: 'b' } },
    ])
    expect(memory.lookup('master', 'en', 'Eiche natur').map((match) => match.target)).toEqual(['Oak, natural'])
    expect(memory.lookup('master', 'en', 'Buche')).toEqual([])
    expect(memory.size).toBe(1)
    memory.replacePart('p', 'master', 'en', [unit('Ahorn', 'Maple', 'c')])
    expect(memory.lookup('master', 'en', 'Eiche natur')).toEqual([])
    memory.dropPart('p')
    expect(memory.size).toBe(0)
    expect(memory.lookup('master', 'en', 'Ahorn')).toEqual([])
  })

  it('stays right after many replacements compact the index', () => {
    const memory = new TranslationMemory()
    for (let round = 0; round < 5; round++) {
      memory.replacePart(
        'p',
        'master',
        'en',
        Array.from({ length: 3000 }, (_, index) => unit(`Text ${index} Runde`, `Text ${index} round ${round}`, `k${index}`)),
      )
    }
    expect(memory.size).toBe(3000)
    expect(memory.lookup('master', 'en', 'Text 42 Runde')[0]).toMatchObject({ score: 100, target: 'Text 42 round 4' })
  })

  it("fills from exact matches only, the user's edits first, else the most frequent translation", () => {
    const memory = new TranslationMemory()
    memory.replacePart('a', 'master', 'en', [unit('Sockel', 'Plinth', '1'), unit('Sockel', 'Base', '2'), unit('Sockel', 'Plinth', '3')])
    expect(memory.exact('master', 'en', 'Sockel')).toBe('Plinth')
    expect(memory.exact('master', 'en', 'Sockel ')).toBeNull()
    expect(memory.exact('master', 'en', 'Sockel', { kind: 'vartext', key: '2' })).toBe('Plinth')
    expect(memory.exact('master', 'en', 'Base', { kind: 'vartext', key: '2' })).toBeNull()
    memory.replacePart('edits', 'master', 'en', [unit('Sockel', 'Kick plate', '9', 'system', true)])
    expect(memory.exact('master', 'en', 'Sockel')).toBe('Kick plate')
  })

  it('skips units without source or translation', () => {
    const memory = new TranslationMemory()
    memory.replacePart('p', 'master', 'en', [unit('', 'x', 'a'), unit('Leer', '  ', 'b')])
    expect(memory.size).toBe(0)
  })

  it('finds a word or phrase in the sources and translations of a pair (concordance), letter case aside', () => {
    const memory = new TranslationMemory()
    memory.replacePart('a', 'master', 'en', [
      unit('Scharnier mit Dämpfung', 'Hinge with damping', '1'),
      unit('Scharnier mit Dämpfung', 'Hinge with damping', '2'),
      unit('Topfscharnier', 'Cup hinge', '3'),
      unit('Griff', 'Handle', '4'),
    ])
    memory.replacePart('b', 'master', 'fr', [unit('Scharnier', 'Charnière', '5')])
    const found = memory.concordance('master', 'en', 'SCHARNIER')
    expect(found.total).toBe(2)
    expect(found.hits.map((hit) => [hit.target, hit.count])).toEqual([
      ['Hinge with damping', 2],
      ['Cup hinge', 1],
    ])
    expect(memory.concordance('master', 'en', 'hinge').total).toBe(2)
    expect(memory.concordance('master', 'en', 'with damp').hits[0]?.source).toBe('Scharnier mit Dämpfung')
    expect(memory.concordance('master', 'en', 'scharnier', 1).hits).toHaveLength(1)
    expect(memory.concordance('master', 'en', '  ')).toEqual({ hits: [], total: 0 })
  })
})
