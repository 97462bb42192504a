import { describe, expect, it } from 'vitest'
import { checkTranslation, hasErrors, type TranslationCheck } from '../../src/domain/translation-checks'

// The translation's quality checks (issue 29): what each one finds, and that a good translation has none.
const checks = (source: string, translation: string, options = {}) => checkTranslation(source, translation, options).map((issue) => issue.check)
const issue = (source: string, translation: string, check: TranslationCheck, options = {}) =>
  checkTranslation(source, translation, options).find((found) => found.check === check)

describe('checkTranslation', () => {
  it('finds nothing in a good translation, and nothing in an empty one (untranslated)', () => {
    expect(checkTranslation('Delete {count} baskets?', '{count} Warenkörbe löschen?')).toEqual([])
    expect(checkTranslation('<b>Total</b>: %1$s EUR.', '<b>Summe</b>: %1$s EUR.')).toEqual([])
    expect(checkTranslation('Delete {count} baskets?', '')).toEqual([])
    expect(checkTranslation('Delete', '   ')).toEqual([])
  })

  it('names placeholders and tags lost or added, each as often as it is, as errors', () => {
    expect(issue('{0} of {1}', '{0} von', 'placeholders_missing')).toEqual({ check: 'placeholders_missing', severity: 'error', items: ['{1}'] })
    expect(issue('%s', '%s %s', 'placeholders_extra')?.items).toEqual(['%s'])
    expect(issue('<b>New</b>', 'Neu</b>', 'tags_missing')?.items).toEqual(['<b>'])
    expect(issue('Line<br />two', 'Zeile<br/>zwei<i>', 'tags_extra')?.items).toEqual(['<i>'])
    expect(checks('Line<br />two', 'Zeile<br/>zwei')).toEqual([])
    expect(hasErrors(checkTranslation('{0}', 'nichts'))).toBe(true)
    // Placeholders may change places; a tag and its closing tag are two.
    expect(checks('%1$s and %2$s', '%2$s und %1$s')).toEqual([])
    expect(issue('Hello {name}, you have {0} items', 'Hallo {name}, Sie haben Artikel', 'placeholders_missing')?.items).toEqual(['{0}'])
    expect(issue('<b>Bold</b>', 'Fett', 'tags_missing')?.items).toEqual(['<b>', '</b>'])
  })

  it('compares numbers outside placeholders, 1.000 and 1,000 alike, as warnings', () => {
    expect(issue('Up to 12 items in 3 boxes', 'Bis zu 12 Teile in 4 Kisten', 'numbers_missing')).toMatchObject({ severity: 'warning', items: ['3'] })
    expect(issue('Up to 12 items in 3 boxes', 'Bis zu 12 Teile in 4 Kisten', 'numbers_extra')?.items).toEqual(['4'])
    expect(checks('1,000.5 mm', '1.000,5 mm')).toEqual([])
    expect(checks('{0} items', '{0} Teile')).toEqual([])
    expect(hasErrors(checkTranslation('12 items', '13 Teile'))).toBe(false)
  })

  it('finds spaces at the edges and double spaces the source does not have', () => {
    expect(checks(' Name', 'Name')).toContain('edge_spaces')
    expect(checks('Name:', 'Name: ')).toContain('edge_spaces')
    expect(checks('Name: ', 'Name: ')).not.toContain('edge_spaces')
    expect(checks('First name', 'Vor  name')).toContain('double_spaces')
    expect(checks('A  B', 'A  B')).not.toContain('double_spaces')
  })

  it('compares the ending punctuation (… and ... alike) and the first letter’s case', () => {
    expect(issue('Saved.', 'Gespeichert', 'end_punctuation')?.items).toEqual(['.'])
    expect(issue('Saved', 'Gespeichert!', 'end_punctuation')?.items).toEqual([])
    expect(checks('Loading...', 'Lädt …')).not.toContain('end_punctuation')
    expect(checks('Delete', 'löschen')).toContain('first_letter')
    expect(checks('{0} deleted', '{0} Gelöscht')).not.toContain('first_letter')
    expect(checks('12 items', 'zwölf Teile')).not.toContain('first_letter')
    expect(checks('<b>Delete</b>', '<b>Löschen</b>')).toEqual([])
  })

  it('holds the unit’s length limit as an error and flags a text left as its source', () => {
    expect(issue('Door', 'Zimmertür', 'too_long', { maxLength: 6 })).toEqual({ check: 'too_long', severity: 'error', items: ['9', '6'] })
    expect(checks('Door', 'Tür', { maxLength: 6 })).toEqual([])
    expect(issue('Hinge', 'Hinge', 'same_as_source')?.severity).toBe('warning')
    expect(checks('100', '100')).toEqual([])
  })

  it('names glossary terms of the source whose translation is not used, as whole words', () => {
    const glossary = [
      { term: 'hinge', translation: 'Scharnier' },
      { term: 'door', translation: 'Tür' },
    ]
    expect(issue('Hinge for the door', 'Band für die Tür', 'glossary', { glossary })?.items).toEqual(['hinge → Scharnier'])
    expect(checks('Hinge for the door', 'Scharnier für die Tür', { glossary })).toEqual([])
    // "doorstop" is not the term "door".
    expect(checks('A doorstop', 'Ein Türstopper', { glossary })).toEqual([])
  })
})
