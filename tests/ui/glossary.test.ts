import { afterEach, describe, expect, it } from 'vitest'
import { glossaryTermCheck } from '../../app/features/translation/glossary-check'
import { glossaryFailure } from '../../app/features/translation/glossary-form'
import { glossarySearch } from '../../app/features/translation/glossary-search'
import { pendingRow } from './pending-row'
import { hasIssues, saveSummary } from '../../app/features/translation/translation-issues'
import { glossaryFor } from '../../app/features/translation/glossary-live'
import { glossaryCreateBody, GLOSSARY_NOTE_MAX, GLOSSARY_TERM_MAX, GLOSSARY_TRANSLATION_MAX } from '../../src/contract/glossary'
import { baseLocale, overwriteGetLocale } from '../../src/paraglide/runtime'

// The glossary in the browser (decision 038): its search param, where the server's refusals
// land on the form, and the checks of the list and the save's summary with the screen's terms.
afterEach(() => overwriteGetLocale(() => baseLocale))

const GLOSSARY = [{ term: 'Griff', translation: 'handle' }]

const edit = (key: string, value: string, source: string, dst = 'en') => pendingRow(key, value, { owner: 'translator', dst, source })

describe('the /glossary search param', () => {
  it('reads a language code, falling back to English', () => {
    expect(glossarySearch.parse({})).toEqual({ language: 'en' })
    expect(glossarySearch.parse({ language: 'fr' })).toEqual({ language: 'fr' })
    expect(glossarySearch.parse({ language: '<b>' })).toEqual({ language: 'en' })
    expect(glossarySearch.parse({ language: 'fr', other: '1' })).toEqual({ language: 'fr' })
  })
})

describe('the glossary form’s check', () => {
  const contract = glossaryCreateBody.pick({ term: true, translation: true, note: true })
  const cases = [
    { term: 'Griff', translation: 'handle', note: '' },
    { term: '  Griff ', translation: ' handle ', note: '  am Sockel ' },
    { term: '   ', translation: 'handle', note: null },
    { term: 'Griff', translation: '', note: null },
    { term: 'x'.repeat(GLOSSARY_TERM_MAX), translation: 'x'.repeat(GLOSSARY_TRANSLATION_MAX), note: 'x'.repeat(GLOSSARY_NOTE_MAX) },
    { term: 'x'.repeat(GLOSSARY_TERM_MAX + 1), translation: 'x', note: null },
    { term: 'x', translation: 'x'.repeat(GLOSSARY_TRANSLATION_MAX + 1), note: null },
    { term: 'x', translation: 'x', note: 'x'.repeat(GLOSSARY_NOTE_MAX + 1) },
  ]

  it.each(cases)('answers as the contract does: %j', (values) => {
    const form = glossaryTermCheck.safeParse(values)
    const server = contract.safeParse(values)
    expect(form.success).toBe(server.success)
    if (form.success && server.success) expect(form.data).toEqual(server.data)
    else expect(form.error?.issues.map((issue) => issue.path)).toEqual(server.error?.issues.map((issue) => issue.path))
  })
})

describe('glossaryFailure', () => {
  it('puts a duplicate term (409) on the term field', () => {
    const messages = ['The glossary already has “Griff” for en, translated as “handle”.']
    expect(glossaryFailure(messages, 409)).toEqual({ messages, field: 'term' })
  })

  it('puts a 400 on the field its words start with, in either language', () => {
    overwriteGetLocale(() => 'en')
    expect(glossaryFailure(['Term is a required field.'], 400).fields).toEqual({ term: ['Term is a required field.'] })
    overwriteGetLocale(() => 'de')
    expect(glossaryFailure(['Übersetzung ist ein Pflichtfeld.'], 400).fields).toEqual({ translation: ['Übersetzung ist ein Pflichtfeld.'] })
  })

  it('leaves other words to the form', () => {
    overwriteGetLocale(() => 'en')
    expect(glossaryFailure(['There is no language zz.'], 400)).toEqual({ messages: ['There is no language zz.'], fields: {} })
    expect(glossaryFailure(['Terminology is closed.'], 400).fields).toEqual({})
  })
})

const PAIR = { sourceLanguage: 'master', targetLanguage: 'en' }

describe('the checks with the glossary', () => {
  it('finds an unused glossary term in the list and the summary, as the server does', () => {
    overwriteGetLocale(() => 'en')
    expect(hasIssues('Der Griff.', 'The knob.', PAIR)).toBe(false)
    expect(hasIssues('Der Griff.', 'The knob.', { ...PAIR, glossary: GLOSSARY })).toBe(true)
    expect(hasIssues('Der Griff.', 'The handle.', { ...PAIR, glossary: GLOSSARY })).toBe(false)
    const [item] = saveSummary([edit('a', 'The knob.', 'Der Griff.')], { sourceLanguage: 'master', glossaryOf: () => GLOSSARY })
    expect(item?.issues).toEqual([{ severity: 'warning', text: 'Glossary terms not used: Griff → handle' }])
  })

  it('takes the terms of the target language of each edit', () => {
    const asked: string[] = []
    saveSummary([edit('a', 'Le bouton.', 'Der Griff.', 'fr')], {
      sourceLanguage: 'master',
      glossaryOf: (dst) => {
        asked.push(dst)
        return []
      },
    })
    expect(asked).toEqual(['fr'])
  })

  it('uses no terms while no screen reads them', () => {
    expect(glossaryFor('en')).toEqual([])
    expect(saveSummary([edit('a', 'The knob.', 'Der Griff.')], { sourceLanguage: 'master' })).toEqual([])
  })
})
