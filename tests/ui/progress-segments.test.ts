import { describe, expect, it } from 'vitest'
import { barParts, donePercent } from '../../app/features/translation/progress-segments'

// The progress screen's bars (docs/decisions/049): one part per state, in the order a text
// moves through them, empty parts left out; "done" counts approved and translated texts.
const counts = { untranslated: 10, translated: 20, approved: 50, needs_editing: 5, outdated: 15, with_issues: 3 }

describe('progress bars', () => {
  it('splits a language into its parts, approved first, untranslated last', () => {
    expect(barParts(counts)).toEqual([
      { segment: 'approved', count: 50, share: 0.5 },
      { segment: 'unreviewed', count: 20, share: 0.2 },
      { segment: 'needs_editing', count: 5, share: 0.05 },
      { segment: 'outdated', count: 15, share: 0.15 },
      { segment: 'untranslated', count: 10, share: 0.1 },
    ])
  })

  it('leaves out empty parts and draws nothing for an area without texts', () => {
    expect(barParts({ ...counts, needs_editing: 0, outdated: 0 }).map((part) => part.segment)).toEqual(['approved', 'unreviewed', 'untranslated'])
    expect(barParts({ untranslated: 0, translated: 0, approved: 0, needs_editing: 0, outdated: 0, with_issues: 0 })).toEqual([])
  })

  it('counts approved and translated texts as done, rounded down', () => {
    expect(donePercent(counts)).toBe(70)
    expect(donePercent({ ...counts, untranslated: 1, translated: 0, approved: 2, needs_editing: 0, outdated: 0 })).toBe(66)
  })
})
