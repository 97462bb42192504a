import { useEffect, useId, useRef, useState } from 'react'
import { COMMENT_MAX } from '../../../src/contract/translation-team'
import type { ReviewVerdict } from '../../../src/domain/review-state'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { Modal } from '../../ui/modal'
import { Notice, buttonClass, secondaryButtonClass } from '../../ui/page'
import { showToast } from '../../ui/toast'
import { isDeskKey } from './desk-keys'
import { REVIEW_KEYS } from './review-keys'
import { KeyButton } from './key-hint'
import { review } from './review-actions'
import { useReviewDesk, type ReviewDesk } from './review-desk-context'
import { reviewId } from './review-queue'
import { reviewable, type RowReview } from './review-states'
import { loadStore, useStoreQuery } from './store'
import { translationTextareaClass } from './textarea-class'
import { CommentThread } from './comment-thread'

// Under the open editor (docs/decisions/049): for a reviewer, Approve (Alt+Enter) and Send back
// (Alt+Shift+Enter, with a comment), and a verdict the server refused because the text changed;
// for everyone, the text's comments (comment-thread.tsx).

/** The text as the panel needs it: a desk's row (texts-rows.ts) or a catalogue's field (text-field.tsx). */
export type ReviewedText = { entry: { key: string; stamp: string | null }; status: string; review: RowReview }

/**
 * `inField`: under a catalogue or article field, where every text is a field and Tab goes from one
 * text to the next: the buttons are reached by their keys and the pointer, not by Tab, and the
 * thread is behind a "Comments (n)" button so the next text stays in view. The desk's editor
 * shows the thread and tabs through the buttons.
 */
export function ReviewPanel({ row, onMove, inField = false }: { row: ReviewedText; onMove: (direction: 1 | -1) => void; inField?: boolean }) {
  useLocale()
  const desk = useReviewDesk()
  const panel = useRef<HTMLDivElement>(null)
  const [sendingBack, setSendingBack] = useState(false)
  const [showComments, setShowComments] = useState(!inField)
  const tabIndex = inField ? -1 : undefined
  const canAct = desk !== null && desk.canReview && desk.owner !== null

  function verdict(state: ReviewVerdict, comment: string | null) {
    if (!desk || desk.owner === null) return
    const base = row.entry.stamp
    if (!reviewable(row) || base === null) {
      showToast({ title: () => m.review_not_reviewable(), type: 'warning' })
      return
    }
    void review(desk.owner, desk.kind, desk.lang, state, [{ key: row.entry.key, base }], comment, desk.online)
    onMove(1)
  }
  const approveRef = useRef(() => verdict('approved', null))
  const sendBackRef = useRef(() => setSendingBack(true))
  useEffect(() => {
    approveRef.current = () => verdict('approved', null)
    sendBackRef.current = () => setSendingBack(true)
  })

  // The keys act in the open text's row or field (its editor, its buttons), not elsewhere on the page.
  useEffect(() => {
    if (!canAct) return
    function onKey(event: KeyboardEvent) {
      const rowElement = panel.current?.closest('[data-key]')
      if (event.defaultPrevented || !(event.target instanceof Node) || !rowElement?.contains(event.target)) return
      if (isDeskKey(event, REVIEW_KEYS.sendBack)) {
        event.preventDefault()
        sendBackRef.current()
      } else if (isDeskKey(event, REVIEW_KEYS.approve)) {
        event.preventDefault()
        approveRef.current()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [canAct])

  if (!desk) return null
  const canReview = reviewable(row) && row.entry.stamp !== null
  return (
    <div ref={panel} className={css({ display: 'grid', gap: '3', pt: '3' })}>
      {row.review.conflict && desk.owner !== null ? <RefusedVerdict desk={desk} textKey={row.entry.key} /> : null}
      {canAct ? (
        <section aria-label={m.review_heading()} className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
          <KeyButton keys={REVIEW_KEYS.approve} className={buttonClass} disabled={!canReview} tabIndex={tabIndex} onClick={() => approveRef.current()}>
            {m.review_approve()}
          </KeyButton>
          <KeyButton
            keys={REVIEW_KEYS.sendBack}
            className={secondaryButtonClass}
            disabled={!canReview}
            tabIndex={tabIndex}
            onClick={() => setSendingBack(true)}
          >
            {m.review_send_back()}
          </KeyButton>
          {!canReview ? <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{m.review_not_reviewable()}</span> : null}
        </section>
      ) : null}
      {inField ? (
        <span>
          <button
            type="button"
            className={secondaryButtonClass}
            tabIndex={tabIndex}
            aria-expanded={showComments}
            onClick={() => setShowComments((shown) => !shown)}
          >
            {showComments ? m.review_comments_hide() : m.review_comments_heading({ count: row.review.comments })}
          </button>
        </span>
      ) : null}
      {showComments ? <CommentThread desk={desk} textKey={row.entry.key} /> : null}
      <SendBackDialog
        open={sendingBack}
        onClose={() => setSendingBack(false)}
        onSend={(comment) => {
          setSendingBack(false)
          verdict('needs_editing', comment)
        }}
      />
    </div>
  )
}

/** The reviewer's verdict that was not applied: the text changed since it was reviewed. */
function RefusedVerdict({ desk, textKey }: { desk: ReviewDesk; textKey: string }) {
  const id = reviewId(desk.owner ?? '', desk.kind, desk.lang, textKey)
  const refused = useStoreQuery((store) => store.reviewQueueDb().reviews.get(id), [id])
  if (!refused || refused.state !== 'conflict') return null
  return (
    <Notice tone="warning" role="status">
      <span className={css({ display: 'grid', gap: '2' })}>
        <span>
          {refused.verdict === 'approved'
            ? m.review_conflict_approved({ by: refused.theirs?.by ?? '?' })
            : m.review_conflict_needs_editing({ by: refused.theirs?.by ?? '?' })}
        </span>
        <span data-testid="review-conflict-value" className={css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontStyle: 'italic' })}>
          {refused.theirs?.value ?? m.translation_conflict_removed()}
        </span>
        <span>
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => void loadStore().then((store) => store.dismissReview(store.reviewQueueDb(), id))}
          >
            {m.review_conflict_dismiss()}
          </button>
        </span>
      </span>
    </Notice>
  )
}

/** Sending back asks why: Enter sends (Shift+Enter: a new line), Esc cancels. */
function SendBackDialog({ open, onClose, onSend }: { open: boolean; onClose: () => void; onSend: (comment: string | null) => void }) {
  const [text, setText] = useState('')
  const id = useId()
  const send = () => {
    const comment = text.trim()
    setText('')
    onSend(comment === '' ? null : comment.slice(0, COMMENT_MAX))
  }
  return (
    <Modal open={open} title={m.review_send_back_title()} onClose={onClose}>
      <form
        className={css({ display: 'grid', gap: '2' })}
        onSubmit={(event) => {
          event.preventDefault()
          send()
        }}
      >
        <label htmlFor={id} className={css({ fontWeight: 'semibold' })}>
          {m.review_send_back_label()}
        </label>
        <textarea
          id={id}
          autoFocus
          rows={3}
          maxLength={COMMENT_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.altKey && !event.nativeEvent.isComposing) {
              event.preventDefault()
              send()
            }
          }}
          className={translationTextareaClass}
        />
        <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{m.review_send_back_hint()}</span>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: 'flex-end' })}>
          <button type="button" className={secondaryButtonClass} onClick={onClose}>
            {m.review_cancel()}
          </button>
          <button type="submit" className={buttonClass}>
            {m.review_send_back_confirm()}
          </button>
        </div>
      </form>
    </Modal>
  )
}
