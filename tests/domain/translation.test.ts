import { describe, expect, it } from 'vitest'
import { batches, isTranslated, nextUntranslated, sortKeyOf, sortedKeys, translationOf } from '../../src/domain/translation'

describe('translation status and sort keys', () => {
  const source = { a: 'Zebra', b: 'apple', c: 'Mango' }
  const target = { c: 'Aardvark', b: '' }

  it('is translated when the key exists in the target dictionary with a text; an empty text is untranslated', () => {
    expect(isTranslated('a', target)).toBe(false)
    expect(isTranslated('b', target)).toBe(false)
    expect(isTranslated('c', target)).toBe(true)
    expect(isTranslated('toString', target)).toBe(false)
    expect([translationOf('a', target), translationOf('b', target), translationOf('c', target)]).toEqual([null, null, 'Aardvark'])
    expect(translationOf('d', { d: ' ' })).toBe(' ')
  })

  it('takes the sort key from the source when untranslated and from the target when translated', () => {
    expect(sortKeyOf('a', source, target)).toBe('Zebra')
    expect(sortKeyOf('b', source, target)).toBe('apple')
    expect(sortKeyOf('c', source, target)).toBe('Aardvark')
    expect(sortKeyOf('missing', source, target)).toBe('missing')
  })

  it('sorts by sort key, case-insensitively and with numbers in order, ties by key', () => {
    expect(sortedKeys(['a', 'b', 'c'], source, target)).toEqual(['c', 'b', 'a'])
    expect(sortedKeys(['x2', 'x10', 'x1'], { x1: 'Item 2', x2: 'Item 10', x10: 'Item 2' }, {})).toEqual(['x1', 'x10', 'x2'])
  })
})

describe('Prev and Next among untranslated entries', () => {
  const open = [false, true, false, true, false]
  const needs = (index: number) => open[index]!

  it('moves forward and backward and wraps around', () => {
    expect(nextUntranslated(needs, 5, 1, 1)).toBe(3)
    expect(nextUntranslated(needs, 5, 3, 1)).toBe(1)
    expect(nextUntranslated(needs, 5, 1, -1)).toBe(3)
    expect(nextUntranslated(needs, 5, -1, 1)).toBe(1)
  })

  it('answers -1 when no other entry needs a translation', () => {
    expect(nextUntranslated(() => false, 5, 2, 1)).toBe(-1)
    expect(nextUntranslated((index) => index === 2, 5, 2, 1)).toBe(-1)
    expect(nextUntranslated(needs, 0, -1, 1)).toBe(-1)
  })
})

describe('batches', () => {
  it('splits a queue into batches of at most the size', () => {
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]])
    expect(batches([], 2)).toEqual([])
  })
})
