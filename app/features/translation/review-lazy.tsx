import { Suspense, lazy, useEffect, type ComponentProps, type ComponentType } from 'react'
import { once, whenFirstUsed } from '../../ui/lazy-part'
// Their types only (erased): the modules themselves load below.
import type * as Panel from './review-panel'
import type * as Actions from './review-actions'
import type * as ApproveParts from './review-approve-view'

// Reviewing and comments are not part of a translation screen's first load (decision 035's
// budget; docs/decisions/049): the editor's review part, the dialogs and the calls are fetched
// at the person's first tap, key or focus on the screen, or at once when asked for; the
// offline shell precaches them like every script. Until they are there, nothing of them shows.
const loadPanel = once(() => import('./review-panel'))
const loadActions = once(() => import('./review-actions'))
const loadApproveView = once(() => import('./review-approve-view'))

/** The calls of reviewing (review-actions.ts); a failed load is logged, the next use tries again. */
export function loadReviewActions(): Promise<typeof Actions> {
  return loadActions().catch((error: unknown) => {
    console.warn('[portal] the review part could not load:', error)
    throw error
  })
}

/** Fetches the parts at the person's first tap, key or focus on the screen: only an action shows them. */
export function usePreloadReview(): void {
  useEffect(
    () =>
      whenFirstUsed(() => {
        for (const load of [loadPanel, loadActions, loadApproveView]) load().catch(() => {})
      }),
    [],
  )
}

function Unavailable() {
  return null
}

const LazyPanel = lazy<ComponentType<ComponentProps<typeof Panel.ReviewPanel>>>(() =>
  loadPanel().then(
    (module) => ({ default: module.ReviewPanel }),
    () => ({ default: Unavailable }),
  ),
)
const LazyApproveView = lazy<ComponentType<ComponentProps<typeof ApproveParts.ApproveView>>>(() =>
  loadApproveView().then(
    (module) => ({ default: module.ApproveView }),
    () => ({ default: Unavailable }),
  ),
)

/** Under the open editor: the review's keys and buttons, a refused verdict, and the comments. */
export function ReviewPanel(props: ComponentProps<typeof Panel.ReviewPanel>) {
  return (
    <Suspense fallback={null}>
      <LazyPanel {...props} />
    </Suspense>
  )
}

/** "Approve all of this view (n)" and its question. */
export function ApproveView(props: ComponentProps<typeof ApproveParts.ApproveView>) {
  return (
    <Suspense fallback={null}>
      <LazyApproveView {...props} />
    </Suspense>
  )
}
