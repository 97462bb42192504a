import type { HistoryEntry } from '../../../src/contract/translation-history'

// Shared by the outdated notice (history-panel.tsx) and the XLIFF export (xliff-history.ts),
// which load apart: the notice with the word-diff library, the export with the XLIFF code.

/** The source text a translation made against `revision` was made from, from the source's history. */
export function sourceAt(entries: ReadonlyArray<HistoryEntry>, revision: number): string | null {
  const made = entries.find((entry) => entry.revision === revision && entry.after !== null)
  if (made) return made.after
  const next = entries.find((entry) => entry.revision === revision + 1 && entry.before !== null)
  return next ? next.before : null
}
