import type { ReviewVerdict } from '../../../src/domain/review-state'
import { isOutdated, type EntryRow } from './local-keys'
// Its type only (erased): the review part that uses this module loads apart from the screen,
// and a value import would take the route search's modules with it (decision 035).
import type { REVIEW_FILTERS } from './workspace-search'

// What the desk shows of a text's review (docs/decisions/049): the state the server sent with
// the texts, or the verdict this device holds back until it can send it (offline), its comments
// and those waiting to be sent. Pure, so the list's filters and counts are tested without a browser.

export type ReviewFilter = (typeof REVIEW_FILTERS)[number]

// Every review filter of workspace-search.ts (tsc fails when the two differ).
const IS_REVIEW_FILTER: Record<ReviewFilter, true> = { unreviewed: true, needs_editing: true, approved: true, commented: true }

/** What the device holds for one text beyond the server's copy: a verdict not sent yet, or one the server did not take, and comments waiting. */
export type ReviewOverlay = {
  verdict: ReviewVerdict | null
  /** The verdict was refused because the text changed since it was reviewed. */
  conflict: boolean
  waitingComments: number
}

export type RowReview = {
  /** The state shown: a waiting verdict over the server's. */
  state: ReviewVerdict | null
  /** The state shown is a verdict not sent yet. */
  waiting: boolean
  conflict: boolean
  /** Comments on the server and waiting on the device. */
  comments: number
  waitingComments: number
}

export const NO_REVIEW: RowReview = { state: null, waiting: false, conflict: false, comments: 0, waitingComments: 0 }

/** The review of one entry as the list shows it. */
export function rowReview(entry: Pick<EntryRow, 'review' | 'comments'>, overlay: ReviewOverlay | undefined): RowReview {
  if (!overlay && entry.review === undefined && !entry.comments) return NO_REVIEW
  const waiting = overlay?.verdict != null && !overlay.conflict
  const waitingComments = overlay?.waitingComments ?? 0
  return {
    state: waiting ? overlay.verdict : (entry.review ?? null),
    waiting,
    conflict: overlay?.conflict ?? false,
    comments: (entry.comments ?? 0) + waitingComments,
    waitingComments,
  }
}

/** Whether a row stays under a review filter. `status`: the list's (texts-rows.ts). */
export function keepsForReview(filter: ReviewFilter, status: string, review: RowReview): boolean {
  if (filter === 'unreviewed') return status === 'translated' && review.state === null
  if (filter === 'needs_editing') return review.state === 'needs_editing'
  if (filter === 'approved') return review.state === 'approved' && status !== 'outdated'
  return review.comments > 0
}

export function isReviewFilter(filter: string): filter is ReviewFilter {
  return Object.hasOwn(IS_REVIEW_FILTER, filter)
}

/** Whether a reviewer can approve or send back the text as the device has it: a current translation, saved. */
export function reviewable(row: { status: string }): boolean {
  return row.status === 'translated'
}

/** The texts of a list a reviewer may approve at once: reviewable and not approved yet. */
export function approvableRows<T extends { status: string; review: RowReview }>(rows: ReadonlyArray<T>): T[] {
  return rows.filter((row) => reviewable(row) && row.review.state !== 'approved')
}

/** How many texts are approved and how many were sent back, as shown (an outdated text's approval does not count). */
export function reviewCounts(entries: ReadonlyArray<EntryRow>, overlays: ReadonlyMap<string, ReviewOverlay>): { approved: number; needsEditing: number } {
  let approved = 0
  let needsEditing = 0
  for (const entry of entries) {
    if (entry.review === undefined && overlays.size === 0) continue
    const { state } = rowReview(entry, overlays.get(entry.key))
    if (state === 'approved' && !isOutdated(entry)) approved += 1
    else if (state === 'needs_editing') needsEditing += 1
  }
  return { approved, needsEditing }
}
