import { describe, expect, it } from 'vitest'
import { numberFormatOf } from '../../src/domain/number-format'
import { checkTranslation, hasErrors, WHITE_SPACE_CHECKS, type CheckOptions, type TranslationCheck } from '../../src/domain/translation-checks'

// The translation's quality checks (decision 037): what each one finds, with which severity, and
// that a good translation has none. English into German unless a test names other languages.
type Options = Partial<CheckOptions>
const EN_DE = { sourceLanguage: 'en', targetLanguage: 'de' }
const DE_EN = { sourceLanguage: 'master', targetLanguage: 'en' }
const all = (source: string, translation: string, options: Options = {}) => checkTranslation(source, translation, { ...EN_DE, ...options })
const checks = (source: string, translation: string, options: Options = {}) => all(source, translation, options).map((issue) => issue.check)
const issue = (source: string, translation: string, check: TranslationCheck, options: Options = {}) =>
  all(source, translation, options).find((found) => found.check === check)

describe('checkTranslation', () => {
  it('finds nothing in a good translation, and nothing in an empty one (untranslated)', () => {
    expect(all('Delete {count} baskets?', '{count} Warenkörbe löschen?')).toEqual([])
    expect(all('<b>Total</b>: %1$s EUR.', '<b>Summe</b>: %1$s EUR.')).toEqual([])
    expect(all('Delete {count} baskets?', '')).toEqual([])
    expect(all('Delete', '   ')).toEqual([])
  })

  it('names placeholders and tags lost or added, each as often as it is, as errors', () => {
    expect(issue('{0} of {1}', '{0} von', 'placeholders_missing')).toEqual({ check: 'placeholders_missing', severity: 'error', items: ['{1}'] })
    expect(issue('%s', '%s %s', 'placeholders_extra')?.items).toEqual(['%s'])
    expect(issue('<b>New</b>', 'Neu</b>', 'tags_missing')?.items).toEqual(['<b>'])
    expect(issue('Line<br />two', 'Zeile<br/>zwei<i>', 'tags_extra')?.items).toEqual(['<i>'])
    expect(checks('Line<br />two', 'Zeile<br/>zwei')).toEqual([])
    expect(hasErrors(all('{0}', 'nichts'))).toBe(true)
    // Placeholders may change places; a tag and its closing tag are two.
    expect(checks('%1$s and %2$s', '%2$s und %1$s')).toEqual([])
    expect(issue('Hello {name}, you have {0} items', 'Hallo {name}, Sie haben Artikel', 'placeholders_missing')?.items).toEqual(['{0}'])
    expect(issue('<b>Bold</b>', 'Fett', 'tags_missing')?.items).toEqual(['<b>', '</b>'])
  })

  it('compares numbers outside placeholders by value, as warnings', () => {
    expect(issue('Up to 12 items in 3 boxes', 'Bis zu 12 Teile in 4 Kisten', 'numbers_missing')).toMatchObject({ severity: 'warning', items: ['3'] })
    expect(issue('Up to 12 items in 3 boxes', 'Bis zu 12 Teile in 4 Kisten', 'numbers_extra')?.items).toEqual(['4'])
    expect(checks('1,000.5 mm', '1.000,5 mm')).toEqual([])
    expect(checks('{0} items', '{0} Teile')).toEqual([])
    expect(hasErrors(all('12 items', '13 Teile'))).toBe(false)
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
    // German capitalises nouns: a capital where the English source has none is no issue; the other way round is.
    expect(checks('door leaf', 'Türblatt')).toEqual([])
    expect(checks('Türblatt', 'door leaf', DE_EN)).toContain('first_letter')
    expect(checks('door leaf', 'Door leaf', { targetLanguage: 'fr' })).toContain('first_letter')
    // A script without capitals has no case to compare.
    expect(checks('Hinge', '合页', { targetLanguage: 'zh' })).toEqual([])
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

  it('counts brackets against the source, as pofilter does, as warnings; a placeholder’s braces are no brackets', () => {
    expect(issue('Lever handle (right)', 'Drückergarnitur (rechts', 'brackets_missing')).toEqual({
      check: 'brackets_missing',
      severity: 'warning',
      items: [')'],
    })
    expect(issue('Frame depth 100 mm', 'Zargentiefe [100 mm]', 'brackets_extra')?.items).toEqual(['[', ']'])
    expect(issue('Door {0} of {1}', 'Tür {0} von {1}}', 'brackets_extra')?.items).toEqual(['}'])
    expect(checks('Door {0} (of {1})', 'Tür {0} (von {1})')).toEqual([])
    // Unbalanced in the source too: the same count is fine. Full-width brackets count as theirs.
    expect(checks('Step 1) drill', 'Schritt 1) bohren')).toEqual([])
    expect(checks('Hinge (left)', '合页（左）', { targetLanguage: 'zh' })).toEqual([])
    expect(hasErrors(all('(a)', 'a'))).toBe(false)
  })

  it('counts line breaks and tabs against the source, \r\n as one break, as warnings with both counts', () => {
    expect(issue('Note:\nIndoor use only.', 'Hinweis: Nur für innen.', 'line_breaks')).toEqual({ check: 'line_breaks', severity: 'warning', items: ['1', '0'] })
    expect(issue('Door leaf, white', 'Türblatt,\nweiß', 'line_breaks')?.items).toEqual(['0', '1'])
    expect(checks('Delivery:\r\nMonday', 'Lieferung:\nMontag')).toEqual([])
    expect(issue('Item\tQuantity', 'Artikel Menge', 'tabs')).toEqual({ check: 'tabs', severity: 'warning', items: ['1', '0'] })
    expect(checks('Item\tQuantity', 'Artikel\tMenge')).toEqual([])
    for (const check of ['line_breaks', 'tabs', 'edge_spaces', 'double_spaces'] as const) expect(WHITE_SPACE_CHECKS.has(check)).toBe(true)
    expect(WHITE_SPACE_CHECKS.has('brackets_missing')).toBe(false)
  })

  it('finds a word written twice, letter case aside, in any language, as a warning', () => {
    expect(issue('The door closes.', 'Die Tür schließt schließt.', 'doubled_words')).toEqual({
      check: 'doubled_words',
      severity: 'warning',
      items: ['schließt schließt'],
    })
    expect(issue('Die Tür schließt.', 'The the door closes.', 'doubled_words', DE_EN)?.items).toEqual(['The the'])
    expect(issue('Porte', 'La la porte', 'doubled_words', { targetLanguage: 'fr' })?.items).toEqual(['La la'])
    expect(issue('Door', 'Дверь дверь', 'doubled_words', { targetLanguage: 'ru' })?.items).toEqual(['Дверь дверь'])
    // Not across punctuation or a placeholder; numbers are the number check's; a pair the source has too stays.
    expect(checks('Door, door', 'Tür, Tür')).toEqual([])
    expect(checks('Door {0} door', 'Tür {0} Tür')).toEqual([])
    expect(checks('Pack 10 10', 'Packung 10 10')).toEqual([])
    expect(checks('Bora Bora oak', 'Eiche Bora Bora')).toEqual([])
    // A tag between them does not hide them: the reader sees the word twice.
    expect(issue('<b>The</b> door', '<b>Die</b> die Tür', 'doubled_words')?.items).toEqual(['Die die'])
  })

  it('leaves the doubled words a grammar asks for: German relative clauses and "Sie sie", English "that that"', () => {
    expect(checks('Seals for doors that meet DIN 18040.', 'Dichtungen für Türen, die die Norm DIN 18040 erfüllen.')).toEqual([])
    expect(checks('If you remove them, they close.', 'Wenn Sie sie entfernen, schließen sie.')).toEqual([])
    expect(checks('The door is locked.', 'Die die Tür ist verschlossen.')).toContain('doubled_words')
    expect(checks('Die Tür ist gut.', 'He said that that door is good.', DE_EN)).not.toContain('doubled_words')
    // German rules are German's: "die die" after a comma in English is still doubled.
    expect(checks('Die Tür, die schließt.', 'The door, the the one.', DE_EN)).toContain('doubled_words')
  })

  it('finds character codes lost, added or changed (entities, escapes written out) as errors', () => {
    expect(issue('Griff &amp; Rosette', 'Handle & rose', 'escapes_missing', DE_EN)).toEqual({ check: 'escapes_missing', severity: 'error', items: ['&amp;'] })
    expect(issue('Handle & rose', 'Drücker &amp; Rosette', 'escapes_extra')?.items).toEqual(['&amp;'])
    expect(issue('Size &lt; 2 m', 'Größe < 2 m', 'escapes_missing')?.items).toEqual(['&lt;'])
    expect(issue('Height &#8805; 2 m', 'Höhe ≥ 2 m', 'escapes_missing')?.items).toEqual(['&#8805;'])
    expect(issue('Quote &#x201E;', 'Zitat „', 'escapes_missing')?.items).toEqual(['&#x201E;'])
    expect(issue('Line 1\\nLine 2', 'Zeile 1 Zeile 2', 'escapes_missing')?.items).toEqual(['\\n'])
    expect(issue('Tab\\there', 'Tab hier', 'escapes_missing')?.items).toEqual(['\\t'])
    expect(issue('Path: /data/doors', 'Pfad: \\data\\doors', 'escapes_extra')?.items).toEqual(['\\', '\\'])
    expect(hasErrors(all('Griff &amp; Rosette', 'Handle & rose'))).toBe(true)
    // A Windows path with translated folders keeps its backslashes; an entity's digits are no number.
    expect(checks('Export to C:\\Data\\Doors', 'Export nach C:\\Daten\\Türen')).toEqual([])
    expect(checks('Height &#8805; 2 m', 'Höhe &#8805; 2 m')).toEqual([])
    expect(checks('Door&nbsp;stop &amp; hinge', 'Tür&nbsp;stopper &amp; Band')).toEqual([])
  })

  it('compares numbers by value, each text in its own language’s number format', () => {
    // The false alarm this replaces: "Numbers missing: 129900".
    expect(checks('Preis: 1.299,00 EUR', 'Price: 1,299.00 EUR', DE_EN)).toEqual([])
    expect(checks('Price: 1,299.00 EUR', 'Preis: 1.299,00 EUR')).toEqual([])
    expect(checks('Weight: 12.5 kg', 'Gewicht: 12,5 kg')).toEqual([])
    expect(checks('Maße (B × H): 900 × 2.100 mm', 'Dimensions (W × H): 900 × 2,100 mm', DE_EN)).toEqual([])
    expect(checks('Prix : 1 299,00 €', 'Price: 1,299.00 €', { sourceLanguage: 'fr', targetLanguage: 'en' })).toEqual([])
    expect(checks('Preis 1’299.50 CHF', 'Prix 1 299,50 CHF', { sourceLanguage: 'de-CH', targetLanguage: 'fr' })).toEqual([])
    // Another value is another number, whatever the format.
    expect(issue('Weight: 12.5 kg', 'Gewicht: 125 kg', 'numbers_missing')?.items).toEqual(['12.5'])
    expect(issue('Weight: 12.5 kg', 'Gewicht: 125 kg', 'numbers_extra')?.items).toEqual(['125'])
    expect(issue('Preis: 1.299,00 EUR', 'Price: 1,199.00 EUR', 'numbers_missing', DE_EN)?.items).toEqual(['1.299,00'])
    // Dates and versions are no numbers of either format: their parts are compared.
    expect(checks('Lieferung am 12.03.2024', 'Delivery on 03/12/2024', DE_EN)).toEqual([])
    expect(issue('Lieferung am 12.03.2024', 'Delivery on 03/13/2024', 'numbers_missing', DE_EN)?.items).toEqual(['12'])
  })

  it('reads an ambiguous number copied as it stands as the target reads it: German 1.000 is a thousand, English 1.000 is one', () => {
    expect(issue('Mindestmenge 1.000 Stück', 'Minimum quantity 1.000 pieces', 'numbers_format', DE_EN)).toEqual({
      check: 'numbers_format',
      severity: 'warning',
      items: ['1.000', '1,000'],
    })
    expect(issue('Pack of 1,000 screws', 'Packung mit 1,000 Schrauben', 'numbers_format')?.items).toEqual(['1,000', '1.000'])
    // English "1.000" is one: in German that is 1,000.
    expect(issue('Tolerance 1.000 mm', 'Toleranz 1.000 mm', 'numbers_format')?.items).toEqual(['1.000', '1,000'])
    // Written in the target's format, the same: quiet.
    expect(checks('Mindestmenge 1.000 Stück', 'Minimum quantity 1,000 pieces', DE_EN)).toEqual([])
    // A price with groups and decimals the target cannot read.
    expect(issue('Preis: 1.299,00 EUR', 'Price: 1.299,00 EUR', 'numbers_format', DE_EN)?.items).toEqual(['1.299,00', '1,299.00'])
    // A number the target cannot read but nobody misreads stays quiet: material numbers, versions, a lone decimal comma.
    expect(checks('Edelstahl 1.4301, gebürstet', 'Stainless steel 1.4301, brushed', DE_EN)).toEqual([])
    expect(checks('Stainless steel 1.4301', 'Edelstahl 1.4301')).toEqual([])
    expect(checks('Gewicht 12,5 kg', 'Weight 12,5 kg', DE_EN)).toEqual([])
    expect(checks('Version 2.5.1', 'Version 2.5.1')).not.toContain('numbers_format')
    expect(hasErrors(all('Pack of 1,000 screws', 'Packung mit 1,000 Schrauben'))).toBe(false)
  })

  it('knows the number formats of the languages (master is German), and compares digits where a language is unknown', () => {
    expect(numberFormatOf('master')).toEqual({ decimal: ',', group: '.' })
    expect(numberFormatOf('en')).toEqual({ decimal: '.', group: ',' })
    expect(numberFormatOf('fr')).toEqual({ decimal: ',', group: '\u202f' })
    expect(numberFormatOf('xx')).toBeNull()
    expect(checks('Preis: 1.299,00', 'Prix : 1,299.00', { sourceLanguage: 'master', targetLanguage: 'xx' })).toEqual([])
    expect(checks('Preis: 1.299,00', 'Prix : 1.300,00', { sourceLanguage: 'master', targetLanguage: 'xx' })).toEqual(
      expect.arrayContaining(['numbers_missing', 'numbers_extra']),
    )
  })
})
