import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { holdsBack, SaveSummaryView, saveSummary } from '../../app/features/translation/save-summary'
import { VisibleWhiteSpace } from '../../app/features/translation/visible-white-space'
import { baseLocale, overwriteGetLocale } from '../../src/paraglide/runtime'
import { pendingRow } from './pending-row'

// White space made visible in the summary before a save and under the editor, and which edits
// the background save holds back (decision 045).
afterEach(() => overwriteGetLocale(() => baseLocale))
/** An unsaved English edit of the translator's; `source`: the text it was made against. */
const edit = (key: string, value: string, source?: string) =>
  pendingRow(key, value, { owner: 'translator', dst: 'en', ...(source === undefined ? {} : { source }) })

/** The text a browser keeps (and a screen reader reads) of some markup: its characters, no marks. */
const textOf = (html: string) =>
  html
    .replace(/<\/dt>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
const marksOf = (html: string) => [...html.matchAll(/data-ws="([a-z-]+)"/g)].map((match) => match[1])

describe('white space made visible', () => {
  it('marks each space, tab, line break and no-break space, and keeps every character as typed', () => {
    const text = 'Preis:  1.299,00 €\tnetto\r\nZeile\u00a0zwei '
    const html = renderToStaticMarkup(createElement(VisibleWhiteSpace, { text }))
    expect(marksOf(html)).toEqual(['space', 'space', 'space', 'tab', 'line-break', 'no-break-space', 'space'])
    // Nothing collapsed, nothing added: the double space and the trailing one are there.
    expect(textOf(html)).toBe(text)
    // Spaces keep their room, and each mark is generated content with an empty alternative (not read out).
    expect(html).toContain('white-space_break-spaces')
    expect(html).toContain('before:content_&quot;·&quot;_/_&quot;&quot;')
    expect(html).toContain('before:content_&quot;→&quot;_/_&quot;&quot;')
    expect(html).toContain('before:content_&quot;↵&quot;_/_&quot;&quot;')
    expect(html).not.toMatch(/aria-label/)
  })

  it('shows each text of the summary with its white space, and the source beside it where an issue is about white space', () => {
    overwriteGetLocale(() => 'en')
    const items = saveSummary([edit('spaced', 'Open  door ', 'Tür öffnen'), edit('lost', 'Drawer.', 'Schublade {0}.')], {
      sourceLanguage: 'master',
    })
    expect(items.map((item) => [item.key, item.whiteSpace])).toEqual([
      ['lost', false],
      ['spaced', true],
    ])
    const html = renderToStaticMarkup(createElement(SaveSummaryView, { items }))
    const spaced = html.slice(html.indexOf('data-key="spaced"'))
    expect(marksOf(spaced.slice(0, spaced.indexOf('Translation:')))).toEqual(['space'])
    expect(textOf(spaced)).toContain('Source: Tür öffnen')
    expect(textOf(spaced)).toContain('Translation: Open  door ')
    expect(marksOf(spaced.slice(spaced.indexOf('Translation:')))).toEqual(['space', 'space', 'space'])
    expect(textOf(spaced)).toMatch(/Warning: Double space/)
    // The other text: shown alone, without the source.
    const lost = html.slice(html.indexOf('data-key="lost"'), html.indexOf('data-key="spaced"'))
    expect(lost).not.toContain('Source:')
    expect(marksOf(lost)).toEqual([])
    overwriteGetLocale(() => 'de')
    const german = renderToStaticMarkup(
      createElement(SaveSummaryView, { items: saveSummary([edit('spaced', 'Open  door ', 'Tür öffnen')], { sourceLanguage: 'master' }) }),
    )
    expect(textOf(german)).toContain('Quelle: Tür öffnen')
    expect(textOf(german)).toContain('Übersetzung: Open  door ')
    expect(textOf(german)).toMatch(/Hinweis: Doppeltes Leerzeichen/)
  })
})

describe('what the background save holds back', () => {
  it('holds back an edit with an error, never one with warnings only or without its source', () => {
    const context = { sourceLanguage: 'master' }
    expect(holdsBack(edit('a', 'Drawer.', 'Schublade {0}.'), context)).toBe(true)
    expect(holdsBack(edit('b', 'Handle & rose', 'Griff &amp; Rosette'), context)).toBe(true)
    expect(holdsBack(edit('c', 'drawer  {0}', 'Schublade {0}.'), context)).toBe(false)
    expect(holdsBack(edit('d', 'Price: 1,299.00 EUR', 'Preis: 1.299,00 EUR'), context)).toBe(false)
    expect(holdsBack(edit('e', 'Drawer.'), context)).toBe(false)
    // The text's length limit is an error too.
    expect(holdsBack(edit('f', 'Sliding door', 'Tür'), { ...context, limits: new Map([['f', 8]]) })).toBe(true)
    expect(holdsBack(edit('f', 'Sliding door', 'Tür'), context)).toBe(false)
  })
})
