import { describe, expect, it } from 'vitest'
import { containsTerm, glossaryPlaces, glossaryTermsIn, markedPieces } from '../../src/domain/glossary-match'
import { checkTranslation } from '../../src/domain/translation-checks'

// Glossary terms in a text (decision 038): one rule for the check and for the editors' marks.
const griff = { term: 'Griff', translation: 'handle' }
const griff96 = { term: 'Griff 96', translation: 'handle 96' }
const band = { term: 'band', translation: 'hinge' }

describe('containsTerm', () => {
  it('finds a term as a word of its own, letter case aside', () => {
    expect(containsTerm('Griff, 96 mm', 'griff')).toBe(true)
    expect(containsTerm('Der GRIFF.', 'Griff')).toBe(true)
    expect(containsTerm('Griffe aus Edelstahl', 'Griff')).toBe(false)
    expect(containsTerm('Bügelgriff', 'griff')).toBe(false)
    // Digits and tags are no letters: the term stands apart from them.
    expect(containsTerm('<b>Griff</b>2', 'Griff')).toBe(true)
    expect(containsTerm('anything', '  ')).toBe(true)
  })
})

describe('glossaryPlaces', () => {
  it('answers each place in the order of the text, with its entry', () => {
    expect(glossaryPlaces('Band und Griff, Griff und Band', [griff, band])).toEqual([
      { start: 0, end: 4, entry: band },
      { start: 9, end: 14, entry: griff },
      { start: 16, end: 21, entry: griff },
      { start: 26, end: 30, entry: band },
    ])
  })

  it('gives an overlapping place to the longer term', () => {
    expect(glossaryPlaces('Griff 96 und Griff', [griff, griff96]).map((place) => [place.start, place.end, place.entry.term])).toEqual([
      [0, 8, 'Griff 96'],
      [13, 18, 'Griff'],
    ])
  })

  it('keeps offsets of the text where lower case is longer', () => {
    const text = 'İnce Griff'
    const [place] = glossaryPlaces(text, [griff])
    expect(text.slice(place!.start, place!.end)).toBe('Griff')
  })

  it('finds nothing without entries or places', () => {
    expect(glossaryPlaces('Griff', [])).toEqual([])
    expect(glossaryPlaces('Griffe', [griff])).toEqual([])
  })
})

describe('glossaryTermsIn and markedPieces', () => {
  it('lists each entry once, in the order of the text, a term inside a longer one too', () => {
    expect(glossaryTermsIn('Band am Griff, Griff', [griff, band])).toEqual([band, griff])
    expect(glossaryTermsIn('Griff 96 mm', [griff96, griff])).toEqual([griff96, griff])
    expect(glossaryTermsIn('Griffe', [griff])).toEqual([])
  })

  it('cuts the text into plain and marked pieces that add up to it', () => {
    const text = 'Der Griff am Band.'
    const pieces = markedPieces(text, glossaryPlaces(text, [griff, band]))
    expect(pieces).toEqual([
      { text: 'Der ', entry: null },
      { text: 'Griff', entry: griff },
      { text: ' am ', entry: null },
      { text: 'Band', entry: band },
      { text: '.', entry: null },
    ])
    expect(pieces.map((piece) => piece.text).join('')).toBe(text)
  })

  it('marks what the check looks for', () => {
    const text = 'Griff mit Band'
    const found = glossaryTermsIn(text, [griff, band, { term: 'Tür', translation: 'door' }])
    const issue = checkTranslation(text, 'Handle with strap', {
      sourceLanguage: 'master',
      targetLanguage: 'en',
      glossary: [griff, band, { term: 'Tür', translation: 'door' }],
    }).find((item) => item.check === 'glossary')
    expect(issue?.items).toEqual(found.filter((entry) => entry !== griff).map((entry) => `${entry.term} → ${entry.translation}`))
  })
})
