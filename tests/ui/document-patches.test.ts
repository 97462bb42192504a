import type { DocumentTexts } from '../../app/features/translation/document-texts'
import { describe, expect, it } from 'vitest'
import type { LiveChange } from '../../src/contract/translation-team'
import { applyChangesToDocument, patchDocumentTexts } from '../../app/features/translation/document-patches'

// The kept catalogue and article answers take a colleague's save, a review and a comment as
// the desk's entries do (docs/decisions/049): the catalogue and article screens read them.

function catalogue(): DocumentTexts & { catalogues: unknown[] } {
  return {
    catalogues: [{ id: 1 }],
    languages: {
      master: ['Master', { 'cat.label': 'Türen', 'cat.new': 'Neu' }],
      fr: ['Français', { 'cat.label': 'Portes' }],
    },
    stamps: { fr: { 'cat.label': '2026-11-27T10:00:00.000Z' } },
    revisions: { master: { 'cat.label': 2, 'cat.new': 1 }, fr: { 'cat.label': 1 } },
    states: { fr: { 'cat.label': 'approved' } },
    comments: { fr: { 'cat.label': 2 } },
  }
}

const change = (over: Partial<LiveChange>): LiveChange => ({
  key: 'cat.label',
  value: 'Portes intérieures',
  stamp: '2026-11-27T11:00:00.000Z',
  revision: 2,
  state: 'translated',
  by: 'Camille (camille@demo.example)',
  username: 'camille@demo.example',
  ...over,
})

describe('applyChangesToDocument', () => {
  it("takes a colleague's save: value, stamp, revision, and the approval gone", () => {
    const data = catalogue()
    expect(applyChangesToDocument(data, 'fr', new Map([['cat.label', change({})]]))).toEqual(['cat.label'])
    expect(data.languages!.fr![1]['cat.label']).toBe('Portes intérieures')
    expect(data.stamps!.fr!['cat.label']).toBe('2026-11-27T11:00:00.000Z')
    expect(data.revisions!.fr!['cat.label']).toBe(2)
    expect(data.states!.fr!['cat.label']).toBeUndefined()
    // The rest of the answer stays as it was.
    expect(data.catalogues).toEqual([{ id: 1 }])
  })

  it('takes a first translation of a text the answer holds only in its source, and a review', () => {
    const data = catalogue()
    const changed = applyChangesToDocument(
      data,
      'fr',
      new Map([
        ['cat.new', change({ key: 'cat.new', value: 'Nouveau', revision: 1 })],
        ['cat.label', change({ value: 'Portes', stamp: '2026-11-27T10:00:00.000Z', state: 'needs_editing' })],
      ]),
    )
    expect(changed.sort()).toEqual(['cat.label', 'cat.new'])
    expect(data.languages!.fr![1]['cat.new']).toBe('Nouveau')
    expect(data.states!.fr!['cat.label']).toBe('needs_editing')
  })

  it('changes nothing for a change it holds already, for a key it does not hold, or for another language', () => {
    const data = catalogue()
    const same = change({ value: 'Portes', stamp: '2026-11-27T10:00:00.000Z', state: 'approved' })
    expect(applyChangesToDocument(data, 'fr', new Map([['cat.label', same]]))).toEqual([])
    expect(applyChangesToDocument(data, 'fr', new Map([['other', change({ key: 'other' })]]))).toEqual([])
    expect(applyChangesToDocument(data, 'it', new Map([['cat.label', change({})]]))).toEqual([])
    expect(data).toEqual(catalogue())
  })

  it('takes a removal', () => {
    const data = catalogue()
    applyChangesToDocument(data, 'fr', new Map([['cat.label', change({ value: null, stamp: null })]]))
    expect('cat.label' in data.languages!.fr![1]).toBe(false)
    expect(data.stamps!.fr!['cat.label']).toBeUndefined()
    expect(data.revisions!.fr!['cat.label']).toBeUndefined()
  })
})

describe('patchDocumentTexts', () => {
  it("takes a review's answer: approved and sent back are named, translated is no mark", () => {
    const data = catalogue()
    expect(patchDocumentTexts(data, 'fr', new Map([['cat.label', { state: 'needs_editing' }]]))).toBe(true)
    expect(data.states!.fr!['cat.label']).toBe('needs_editing')
    expect(patchDocumentTexts(data, 'fr', new Map([['cat.label', { state: 'translated' }]]))).toBe(true)
    expect(data.states!.fr!['cat.label']).toBeUndefined()
    expect(patchDocumentTexts(data, 'fr', new Map([['cat.label', { state: 'translated' }]]))).toBe(false)
  })

  it('takes the value a refused review found, and comment counts up, down and exactly', () => {
    const data = catalogue()
    patchDocumentTexts(data, 'fr', new Map([['cat.label', { state: undefined, value: { value: 'Portes!', stamp: '2026-11-27T12:00:00.000Z' } }]]))
    expect(data.languages!.fr![1]['cat.label']).toBe('Portes!')
    expect(data.stamps!.fr!['cat.label']).toBe('2026-11-27T12:00:00.000Z')
    expect(data.states!.fr!['cat.label']).toBeUndefined()
    patchDocumentTexts(data, 'fr', new Map([['cat.new', { comments: { delta: 1 } }]]))
    expect(data.comments!.fr!['cat.new']).toBe(1)
    patchDocumentTexts(data, 'fr', new Map([['cat.label', { comments: { delta: -5 } }]]))
    expect(data.comments!.fr!['cat.label']).toBeUndefined()
    expect(patchDocumentTexts(data, 'fr', new Map([['cat.new', { comments: { exactly: 1 } }]]))).toBe(false)
    // A language the answer does not hold is left alone.
    expect(patchDocumentTexts(data, 'it', new Map([['cat.new', { comments: { delta: 1 } }]]))).toBe(false)
  })
})
