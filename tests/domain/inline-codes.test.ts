import { describe, expect, it } from 'vitest'
import { hasInlineCodes, inlinePieces } from '../../src/domain/inline-codes'
import { insertNextCode, nextMissingCode } from '../../src/domain/next-inline-code'

describe('inlinePieces', () => {
  it('cuts tags and placeholders out as pieces of their own, and keeps the text whole', () => {
    const text = '<b>Hinweis:</b> Breite {0} mm, %1$s Stück <br/> <a href="x">Link</a> 100%'
    const pieces = inlinePieces(text)
    expect(pieces.filter((piece) => piece.code).map((piece) => piece.text)).toEqual(['<b>', '</b>', '{0}', '%1$s', '<br/>', '<a href="x">', '</a>'])
    expect(pieces.map((piece) => piece.text).join('')).toBe(text)
  })

  it('leaves a text without codes as one piece, and an empty one as none', () => {
    expect(inlinePieces('a < b > c')).toEqual([{ code: false, text: 'a < b > c' }])
    expect(inlinePieces('')).toEqual([])
  })
})

// "Insert next tag" (decision 048): the source's first code the translation lacks, in source order.
describe('nextMissingCode', () => {
  const source = 'Klicken Sie <b>{0}</b>, um %s zu öffnen<br/>'

  it('takes the codes in source order, one after the other', () => {
    expect(nextMissingCode(source, '')).toBe('<b>')
    expect(nextMissingCode(source, 'Click <b>')).toBe('{0}')
    expect(nextMissingCode(source, 'Click <b>{0}')).toBe('</b>')
    expect(nextMissingCode(source, 'Click <b>{0}</b> to open')).toBe('%s')
    expect(nextMissingCode(source, 'Click <b>{0}</b> to open %s')).toBe('<br/>')
    expect(nextMissingCode(source, 'Click <b>{0}</b> to open %s<br/>')).toBeNull()
  })

  it('skips what the translation already has wherever it stands, and counts repeated codes', () => {
    expect(nextMissingCode(source, '%s {0}')).toBe('<b>')
    expect(nextMissingCode(source, '<b>%s {0}')).toBe('</b>')
    expect(nextMissingCode('{0} und {0}', '{0}')).toBe('{0}')
    expect(nextMissingCode('{0} und {0}', '{0} and {0}')).toBeNull()
    expect(nextMissingCode('<i>a</i> <i>b</i>', '<i>a</i>')).toBe('<i>')
  })

  it('treats <br /> and <br/> as one tag, as the checks do', () => {
    expect(nextMissingCode('Zeile<br />Zeile', 'Line<br/>Line')).toBeNull()
  })

  it('has nothing for a source without codes, and ignores codes only the translation has', () => {
    expect(nextMissingCode('Sockelblende', '')).toBeNull()
    expect(nextMissingCode('Breite {0}', '{1} <b>')).toBe('{0}')
    expect(hasInlineCodes('Breite {0}')).toBe(true)
    expect(hasInlineCodes('100% Eiche')).toBe(false)
  })
})

describe('insertNextCode', () => {
  it('puts the code at the caret and the caret after it', () => {
    expect(insertNextCode('Breite {0} mm', 'Width  mm', 6, 6)).toEqual({ value: 'Width {0} mm', caret: 9 })
    expect(insertNextCode('<b>{0}</b>', '', 0, 0)).toEqual({ value: '<b>', caret: 3 })
  })

  it('replaces the selection, whose codes no longer count', () => {
    expect(insertNextCode('<b>{0}</b>', 'x<b>y', 1, 4)).toEqual({ value: 'x<b>y', caret: 4 })
    expect(insertNextCode('{0} {1}', 'a {0} b', 2, 5)).toEqual({ value: 'a {0} b', caret: 5 })
  })

  it('keeps a caret outside the text inside it, and answers null when nothing is missing', () => {
    expect(insertNextCode('{0}', 'abc', 10, 10)).toEqual({ value: 'abc{0}', caret: 6 })
    expect(insertNextCode('{0}', '{0}', 3, 3)).toBeNull()
  })
})
