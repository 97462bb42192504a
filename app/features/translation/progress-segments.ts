import type { LanguageProgress } from '../../../src/contract/translation-team'

// The parts of a progress bar (docs/decisions/049), in the order a text moves through them:
// approved, translated and not yet reviewed, sent back, outdated, untranslated. Each part opens
// the desk with the filter that lists exactly its texts.

export const SEGMENTS = ['approved', 'unreviewed', 'needs_editing', 'outdated', 'untranslated'] as const
export type Segment = (typeof SEGMENTS)[number]

export type BarPart = { segment: Segment; count: number; share: number }

export function countOf(progress: LanguageProgress, segment: Segment): number {
  return segment === 'unreviewed' ? progress.translated : progress[segment]
}

/** The bar's parts with a share of the whole (0–1); empty parts are left out. */
export function barParts(progress: LanguageProgress): BarPart[] {
  const total = SEGMENTS.reduce((sum, segment) => sum + countOf(progress, segment), 0)
  if (total === 0) return []
  return SEGMENTS.map((segment) => ({ segment, count: countOf(progress, segment), share: countOf(progress, segment) / total })).filter((part) => part.count > 0)
}

/** Done: approved and translated texts against all of them, as a whole percentage rounded down. */
export function donePercent(progress: LanguageProgress): number {
  const total = SEGMENTS.reduce((sum, segment) => sum + countOf(progress, segment), 0)
  if (total === 0) return 100
  return Math.floor(((progress.approved + progress.translated) * 100) / total)
}
