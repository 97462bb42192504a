import { createContext, useContext } from 'react'
import type { ReviewKind } from '../../../src/domain/review-state'

// The review of the list a row is in, as a React context: provided by the desk (review-desk.tsx,
// field-team-part.tsx), read by the review part's views (review-panel.tsx,
// review-approve-view.tsx). It lives here, not in review-desk.tsx, so those views — loaded on
// demand through review-lazy.tsx, which review-desk.tsx imports — do not import back from it.
export type ReviewDesk = {
  canReview: boolean
  /** Whose reviews and comments (pending-owner.ts); null until known. */
  owner: string | null
  username: string | null
  kind: ReviewKind
  lang: string
  online: boolean
}

const ReviewDeskContext = createContext<ReviewDesk | null>(null)
export const ReviewDeskProvider = ReviewDeskContext.Provider

/** The review of the list the row is in; null outside a desk that has one. */
export function useReviewDesk(): ReviewDesk | null {
  return useContext(ReviewDeskContext)
}
