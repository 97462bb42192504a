import { isOutdated, type EntryRow, type PendingRow } from './local-keys'
import type { EntryFilter } from './workspace-search'
import { isReviewFilter, keepsForReview, rowReview, type ReviewOverlay, type RowReview } from './review-states'

// What the workspace list shows of the entries on the device and the edits not saved yet.

export type EntryStatus = 'translated' | 'untranslated' | 'outdated' | 'unsaved' | 'conflict'

export type TextRow = { entry: EntryRow; pending: PendingRow | undefined; value: string | null; status: EntryStatus; review: RowReview }

/**
 * The rows the filter and the search keep; the open entry stays, whatever they say. `issueKeys`:
 * the texts the quality checks find something in (issue-keys.ts); null while not known, when the
 * "with issues" filter keeps none. `reviews`: what the device holds of reviews and comments not sent yet (review-states.ts).
 */
export function visibleRows(
  entries: ReadonlyArray<EntryRow>,
  pending: ReadonlyMap<string, PendingRow>,
  {
    filter,
    q,
    openKey,
    issueKeys = null,
    reviews,
  }: { filter: EntryFilter; q: string; openKey: string | null; issueKeys?: ReadonlySet<string> | null; reviews?: ReadonlyMap<string, ReviewOverlay> },
): TextRow[] {
  const needle = q.trim().toLocaleLowerCase()
  const result: TextRow[] = []
  for (const entry of entries) {
    const change = pending.get(entry.key)
    const value = change ? (change.value === '' ? null : change.value) : entry.target
    const status: EntryStatus = change
      ? change.state === 'conflict'
        ? 'conflict'
        : 'unsaved'
      : value === null
        ? 'untranslated'
        : isOutdated(entry)
          ? 'outdated'
          : 'translated'
    const keep = entry.key === openKey
    const review = rowReview(entry, reviews?.get(entry.key))
    if (!keep && isReviewFilter(filter) && !keepsForReview(filter, status, review)) continue
    if (!keep && filter === 'untranslated' && value !== null) continue
    if (!keep && filter === 'translated' && status !== 'translated') continue
    if (!keep && filter === 'outdated' && status !== 'outdated') continue
    if (!keep && filter === 'unsaved' && !change) continue
    if (!keep && filter === 'issues' && !issueKeys?.has(entry.key)) continue
    if (!keep && needle && !`${entry.key}\u0000${entry.source}\u0000${value ?? ''}`.toLocaleLowerCase().includes(needle)) continue
    result.push({ entry, pending: change, value, status, review })
  }
  return result
}

/** Whether a row still needs the translator: no text yet, or one made against an older source. */
export function needsWork(row: Pick<TextRow, 'value' | 'status'>): boolean {
  return row.value === null || row.status === 'outdated'
}

/** Translated and total, counting the edits on the device as they are now; outdated texts are not done. */
export function translatedCount(entries: ReadonlyArray<EntryRow>, pending: ReadonlyMap<string, PendingRow>): { translated: number; total: number } {
  let translated = 0
  for (const entry of entries) {
    const change = pending.get(entry.key)
    const value = change ? change.value : (entry.target ?? '')
    if (value !== '' && (change || !isOutdated(entry))) translated += 1
  }
  return { translated, total: entries.length }
}
