import { describe, expect, it } from 'vitest'
import { inlinePieces } from '../../src/domain/inline-codes'

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
