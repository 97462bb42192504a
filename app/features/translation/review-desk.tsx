import { useEffect, useMemo } from 'react'
import type { ReviewKind } from '../../../src/domain/review-state'
import { m } from '../../../src/paraglide/messages'
import { css, cx } from '../../../styled-system/css'
import { linkButtonClass } from './link-button'
import type { EntryRow } from './local-keys'
import type { ReviewDesk } from './review-desk-context'
import { reviewCounts, type ReviewOverlay, type RowReview } from './review-states'
import { loadReviewActions } from './review-lazy'
import { useStoreQuery } from './store'
import type { TranslationAccess } from './translation-access'
import type { EntryFilter } from './workspace-search'

// What the desk's first load holds of reviewing (docs/decisions/049): the marks of a row, the
// counts, and what the device holds of reviews and comments not sent yet; the editor's part,
// the dialogs and the calls come with the review part (review-lazy.tsx).

const NONE: ReadonlyMap<string, ReviewOverlay> = new Map()

/**
 * The desk's reviews: what waits on the device (a live query, so every tab sees it), sent as
 * soon as the page is online — on show, and when the connection comes back.
 */
export function useReviews(access: TranslationAccess, owner: string | null, kind: ReviewKind, lang: string, online: boolean) {
  const overlays = useStoreQuery((store) => store.reviewOverlays(store.reviewQueueDb(), owner, kind, lang), [owner, kind, lang]) ?? NONE
  const waiting = [...overlays.values()].some((overlay) => (overlay.verdict !== null && !overlay.conflict) || overlay.waitingComments > 0)
  useEffect(() => {
    if (!online || !waiting || owner === null || !access.canTranslate) return
    loadReviewActions().then(
      (actions) => void actions.syncReviews(owner, { quiet: true }),
      () => {},
    )
  }, [online, waiting, owner, access.canTranslate])
  const desk = useMemo<ReviewDesk>(
    () => ({ canReview: access.canReview === true, owner, username: access.username, kind, lang, online }),
    [access.canReview, access.username, owner, kind, lang, online],
  )
  return { overlays, desk }
}

/** "Approved: 12 · Needs editing: 3", each a link to its filter. */
export function ReviewCounts({
  entries,
  overlays,
  filter,
  onFilter,
}: {
  entries: ReadonlyArray<EntryRow>
  overlays: ReadonlyMap<string, ReviewOverlay>
  filter: EntryFilter
  onFilter: (filter: EntryFilter) => void
}) {
  const counts = useMemo(() => reviewCounts(entries, overlays), [entries, overlays])
  const part = (count: number, label: string, target: EntryFilter) =>
    count > 0 && filter !== target ? (
      <button type="button" className={linkButtonClass} onClick={() => onFilter(target)}>
        {label}
      </button>
    ) : (
      label
    )
  return (
    <p data-testid="review-counts" aria-live="polite" className={css({ color: 'fg.muted' })}>
      {part(counts.approved, m.review_count_approved({ count: counts.approved }), 'approved')}
      {' · '}
      {part(counts.needsEditing, m.review_count_needs_editing({ count: counts.needsEditing }), 'needs_editing')}
    </p>
  )
}

/** A row's review: approved or sent back (with a mark while the verdict waits), and its comments. */
export function ReviewMarks({ review, compact = false }: { review: RowReview; compact?: boolean }) {
  if (review.state === null && review.comments === 0 && !review.conflict) return null
  return (
    <>
      {review.state === 'approved' ? (
        <span data-review="approved" className={cx(markClass, css({ bg: 'success.50', color: 'success.600' }))}>
          <span aria-hidden>✓</span>
          {compact ? <span className={css({ srOnly: true })}>{m.review_state_approved()}</span> : m.review_state_approved()}
          {review.waiting ? <WaitingMark /> : null}
        </span>
      ) : review.state === 'needs_editing' ? (
        <span data-review="needs_editing" className={cx(markClass, css({ bg: 'warning.100', color: 'warning.700' }))}>
          <span aria-hidden>↩</span>
          {compact ? <span className={css({ srOnly: true })}>{m.review_state_needs_editing()}</span> : m.review_state_needs_editing()}
          {review.waiting ? <WaitingMark /> : null}
        </span>
      ) : null}
      {review.conflict ? <span className={cx(markClass, css({ bg: 'danger.50', color: 'danger.700' }))}>{m.review_state_conflict()}</span> : null}
      {review.comments > 0 ? (
        <span data-comments={review.comments} className={cx(markClass, css({ bg: 'oak.100', color: 'fg' }))}>
          <CommentIcon />
          <span className={css({ srOnly: true })}>{m.review_comment_count({ count: review.comments })}</span>
          <span aria-hidden>{review.comments}</span>
        </span>
      ) : null}
    </>
  )
}

/** A speech bubble (no emoji font is needed). */
function CommentIcon() {
  return (
    <svg aria-hidden viewBox="0 0 16 16" width="12" height="12" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round">
      <path d="M2 3.5h12v7H7l-3.5 3v-3H2z" />
    </svg>
  )
}

function WaitingMark() {
  return <span className={css({ fontWeight: 'normal' })}>{` (${m.review_waiting()})`}</span>
}

const markClass = css({
  display: 'inline-flex',
  gap: '1',
  alignItems: 'center',
  fontSize: 'xs',
  fontWeight: 'semibold',
  px: '2',
  py: '0.5',
  borderRadius: 'full',
  whiteSpace: 'nowrap',
})
