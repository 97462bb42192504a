import { useEffect } from 'react'
import { createStore, useStore } from '../../ui/lazy-part'
import { ClaimBadge } from './claim-badge'
import { usePendingOwner } from './pending-owner'
import { ReviewMarks, useReviews } from './review-desk'
import { ReviewDeskProvider, type ReviewDesk } from './review-desk-context'
import { ReviewPanel, usePreloadReview } from './review-lazy'
import { rowReview, type ReviewOverlay, type RowReview } from './review-states'
import type { TranslationAccess } from './translation-access'
import { useLiveDesk } from './use-live-desk'
import { openFieldKey } from './open-field'

// The team's part of the catalogue and article screens (desk-lazy.tsx FieldTeam), loaded after them:
// the desk of the review area `catalog` with what waits on the device, the claim on the field
// edited last and the polled saves of others (TeamRunner, once per screen), a field's marks,
// and the review panel of the field edited last.

const NO_OVERLAYS: ReadonlyMap<string, ReviewOverlay> = new Map()
const deskStore = createStore<ReviewDesk | null>(null)
const overlaysStore = createStore<ReadonlyMap<string, ReviewOverlay>>(NO_OVERLAYS)

function TeamRunner({ access, dst, online }: RunnerProps) {
  const owner = usePendingOwner(access)
  const openKey = useStore(openFieldKey)
  useLiveDesk({ scope: 'catalog', dst, openKey, online, access, owner })
  const { overlays, desk } = useReviews(access, owner, 'catalog', dst, online)
  usePreloadReview()
  useEffect(() => {
    deskStore.set(desk)
    overlaysStore.set(overlays)
  }, [desk, overlays])
  useEffect(
    () => () => {
      deskStore.set(null)
      overlaysStore.set(NO_OVERLAYS)
    },
    [],
  )
  return null
}

/** The kept answer's state and comment count of a text, as the field passes them. */
type FieldReviewed = { textKey: string; state: string | undefined; comments: number | undefined }

type RunnerProps = { part: 'runner'; access: TranslationAccess; dst: string; online: boolean }
export type MarksProps = FieldReviewed & { part: 'marks' }
export type ReviewProps = FieldReviewed & { part: 'review'; stamp: string | null; status: string; onMove: (direction: 1 | -1) => void }

/** The piece of the team a place of the screen asks for (desk-lazy.tsx loads them as one). */
export function FieldTeamPart(props: RunnerProps | MarksProps | ReviewProps) {
  if (props.part === 'runner') return <TeamRunner {...props} />
  if (props.part === 'marks') return <FieldMarks {...props} />
  return <FieldReview {...props} />
}

function useFieldReview({ textKey, state, comments }: FieldReviewed): RowReview {
  const overlay = useStore(overlaysStore).get(textKey)
  return rowReview({ review: state === 'approved' || state === 'needs_editing' ? state : undefined, comments }, overlay)
}

/** Approved or sent back, the comments, and who else has the text open. */
function FieldMarks(props: MarksProps) {
  const review = useFieldReview(props)
  return (
    <>
      <ReviewMarks review={review} />
      <ClaimBadge textKey={props.textKey} />
    </>
  )
}

/** Under the field edited last: the reviewer's keys and buttons, and the comments. */
function FieldReview(props: ReviewProps) {
  const review = useFieldReview(props)
  const desk = useStore(deskStore)
  if (!desk) return null
  return (
    <ReviewDeskProvider value={desk}>
      <ReviewPanel row={{ entry: { key: props.textKey, stamp: props.stamp }, status: props.status, review }} onMove={props.onMove} inField />
    </ReviewDeskProvider>
  )
}
