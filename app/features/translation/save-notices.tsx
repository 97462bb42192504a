import { m } from '../../../src/paraglide/messages'
import { Notice } from '../../ui/page'
import { linkButtonClass } from './link-button'
import { savedByOwner, type PendingRow } from './local-keys'
import { useStoreQuery } from './store'

// The save bar's notices about texts a save did not take: those the background save held back
// for errors, and those someone — or the user in another window — saved meanwhile.

/** `count` texts the background save held back (errors): show them, or review and save them. */
export function HeldBackNotice({ count, onShow, onReview, canReview }: { count: number; onShow?: () => void; onReview: () => void; canReview: boolean }) {
  if (count === 0) return null
  return (
    <Notice tone="warning" role="alert">
      <span data-testid="held-back">{m.translation_held_back({ count })}</span>{' '}
      {onShow ? (
        <>
          <button type="button" onClick={onShow} className={linkButtonClass}>
            {m.translation_held_back_show()}
          </button>{' '}
        </>
      ) : null}
      <button type="button" onClick={onReview} disabled={!canReview} className={linkButtonClass}>
        {m.translation_held_back_review()}
      </button>
    </Notice>
  )
}

/** The conflicts among the pending edits, one's own saves elsewhere told apart from others'. */
export function ConflictsNotice({ pending, onShowUnsaved }: { pending: ReadonlyArray<PendingRow>; onShowUnsaved?: () => void }) {
  const conflicts = pending.filter((row) => row.state === 'conflict')
  if (conflicts.length === 0) return null
  const own = conflicts.filter(savedByOwner).length
  return (
    <Notice tone="warning" role="alert">
      {[
        conflicts.length > own ? m.translation_conflicts_notice({ count: conflicts.length - own }) : null,
        own > 0 ? m.translation_conflicts_notice_mine({ count: own }) : null,
      ]
        .filter((text) => text !== null)
        .join(' ')}
      {onShowUnsaved ? (
        <>
          {' '}
          <button type="button" onClick={onShowUnsaved} className={linkButtonClass}>
            {m.translation_show_unsaved()}
          </button>
        </>
      ) : null}
    </Notice>
  )
}

/** Kept edits of `owner` that do not fit an edit's shape: kept on the device, not shown, not sent. */
export function UnreadableEditsNotice({ owner }: { owner: string | null }) {
  const count = useStoreQuery((store) => store.unreadableEditsOf(store.translationDb(), owner), [owner]) ?? 0
  if (count === 0) return null
  return (
    <Notice tone="warning" role="status">
      <span data-testid="unreadable-edits">{m.translation_unreadable_edits({ count })}</span>
    </Notice>
  )
}
