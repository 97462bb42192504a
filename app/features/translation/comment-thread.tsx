import { useServerFn } from '@tanstack/react-start'
import { useEffect, useId, useRef, useState } from 'react'
import { COMMENT_MAX, type TextComment } from '../../../src/contract/translation-team'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { formatDeviceTime } from '../../ui/format'
import { Modal } from '../../ui/modal'
import { buttonClass, secondaryButtonClass } from '../../ui/page'
import { Spinner } from '../../ui/spinner'
import { showToast } from '../../ui/toast'
import { countComments } from './review-apply'
import { writeComment } from './review-actions'
import type { ReviewDesk } from './review-desk-context'
import { commentDeleteFn, commentsFn } from './review.functions'
import { loadStore, useStoreQuery } from './store'
import { translationTextareaClass } from './textarea-class'

// A text's comments under the open editor (docs/decisions/049), for everyone: read from the
// server when the editor opens (online), a field to write one, and the comments written offline
// that wait on the device.

type Thread =
  { phase: 'loading' } | { phase: 'ok'; comments: TextComment[] } | { phase: 'offline' } | { phase: 'login' } | { phase: 'refused'; messages: string[] }

/** The text's comments on the server, read when the editor opens online and after each change. */
function useThread(desk: ReviewDesk, key: string, version: number): Thread {
  const load = useServerFn(commentsFn)
  const [state, setState] = useState<{ for: string; thread: Thread } | null>(null)
  const { kind, lang, online } = desk
  const asked = `${kind}\u0000${lang}\u0000${key}\u0000${version}`
  useEffect(() => {
    if (!online) return
    let closed = false
    load({ data: { kind, lang, key } }).then(
      (answer) => {
        if (closed) return
        if (answer.kind === 'ok') {
          setState({ for: asked, thread: { phase: 'ok', comments: answer.data.comments } })
          const count = answer.data.comments.length
          void loadStore().then((store) => countComments(store.translationDb(), kind, lang, key, { exactly: count }))
        } else setState({ for: asked, thread: answer.kind === 'login' ? { phase: 'login' } : { phase: 'refused', messages: answer.messages } })
      },
      () => {
        if (!closed) setState({ for: asked, thread: { phase: 'offline' } })
      },
    )
    return () => {
      closed = true
    }
  }, [asked, online, load, kind, lang, key])
  if (state?.for === asked) return state.thread
  // The last answer stays while the next is read (no flicker after a change).
  if (state && online) return state.thread
  return online ? { phase: 'loading' } : { phase: 'offline' }
}

export function CommentThread({ desk, textKey }: { desk: ReviewDesk; textKey: string }) {
  const [version, setVersion] = useState(0)
  const thread = useThread(desk, textKey, version)
  const { owner, kind, lang } = desk
  const waiting = useStoreQuery(
    (store) => (owner === null ? [] : store.reviewQueueDb().comments.where('[owner+kind+lang+key]').equals([owner, kind, lang, textKey]).sortBy('at')),
    [owner, kind, lang, textKey],
  )
  // A comment that left the queue is on the server now: read the thread again.
  const waitingCount = waiting?.length ?? 0
  const lastWaiting = useRef(waitingCount)
  useEffect(() => {
    if (waitingCount < lastWaiting.current) setVersion((value) => value + 1)
    lastWaiting.current = waitingCount
  }, [waitingCount])
  const [deleting, setDeleting] = useState<TextComment | null>(null)
  const remove = useServerFn(commentDeleteFn)
  const headingId = useId()
  const comments = thread.phase === 'ok' ? thread.comments : []
  const mayDelete = (comment: TextComment) => desk.online && (desk.canReview || (desk.username !== null && comment.username === desk.username))

  async function confirmDelete(comment: TextComment) {
    setDeleting(null)
    try {
      const answer = await remove({ data: { id: comment.id } })
      if (answer.kind === 'refused') showToast({ title: () => answer.messages.join('\n'), type: 'error' })
      else if (answer.kind === 'login') showToast({ title: () => m.review_login_toast(), type: 'warning' })
      else {
        const store = await loadStore()
        await countComments(store.translationDb(), kind, lang, textKey, { delta: -1 })
      }
    } catch {
      showToast({ title: () => m.review_offline_delete(), type: 'warning' })
    }
    setVersion((value) => value + 1)
  }

  return (
    <section
      aria-labelledby={headingId}
      data-testid="comment-thread"
      className={css({ display: 'grid', gap: '2', borderTop: '1px solid', borderColor: 'border', pt: '3' })}
    >
      <h3 id={headingId} className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>
        {m.review_comments_heading({ count: comments.length + waitingCount })}
      </h3>
      {thread.phase === 'loading' ? <Spinner label={m.review_comments_loading()} /> : null}
      {thread.phase === 'offline' ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{m.review_comments_offline()}</p> : null}
      {thread.phase === 'refused' ? <p className={css({ fontSize: 'sm', color: 'danger.700' })}>{thread.messages.join('\n')}</p> : null}
      {thread.phase === 'ok' && comments.length === 0 && waitingCount === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{m.review_comments_none()}</p>
      ) : null}
      {comments.length + waitingCount > 0 ? (
        <ol className={css({ display: 'grid', gap: '2', listStyle: 'none', p: '0', m: '0' })}>
          {comments.map((comment) => (
            <li key={comment.id} data-comment-id={comment.id} className={commentClass}>
              <span className={metaClass}>
                <span className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>{comment.by ?? m.review_comment_deleted_user()}</span>
                <time dateTime={comment.at}>{formatDeviceTime(comment.at)}</time>
                {mayDelete(comment) ? (
                  <button type="button" className={smallButtonClass} onClick={() => setDeleting(comment)}>
                    {m.review_comment_delete()}
                  </button>
                ) : null}
              </span>
              <p className={textClass}>{comment.text}</p>
            </li>
          ))}
          {(waiting ?? []).map((comment) => (
            <li key={comment.clientId} data-waiting="true" className={commentClass}>
              <span className={metaClass}>
                <span className={css({ fontWeight: 'semibold' })}>{m.review_comment_you()}</span>
                <time dateTime={new Date(comment.at).toISOString()}>{formatDeviceTime(comment.at)}</time>
                <span className={css({ color: 'warning.700' })}>
                  {comment.reason ? m.review_comment_refused({ reason: comment.reason }) : m.review_waiting()}
                </span>
                {comment.reason ? (
                  <button
                    type="button"
                    className={smallButtonClass}
                    onClick={() => void loadStore().then((store) => store.reviewQueueDb().comments.delete(comment.clientId))}
                  >
                    {m.review_comment_delete()}
                  </button>
                ) : null}
              </span>
              <p className={textClass}>{comment.text}</p>
            </li>
          ))}
        </ol>
      ) : null}
      <CommentForm desk={desk} textKey={textKey} />
      <Modal open={deleting !== null} title={m.review_comment_delete_title()} onClose={() => setDeleting(null)}>
        <p className={textClass}>{deleting?.text}</p>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: 'flex-end' })}>
          <button type="button" className={secondaryButtonClass} onClick={() => setDeleting(null)} autoFocus>
            {m.review_cancel()}
          </button>
          <button type="button" className={buttonClass} onClick={() => deleting && void confirmDelete(deleting)}>
            {m.review_comment_delete()}
          </button>
        </div>
      </Modal>
    </section>
  )
}

function CommentForm({ desk, textKey }: { desk: ReviewDesk; textKey: string }) {
  const [text, setText] = useState('')
  const id = useId()
  const counterId = `${id}-count`
  const { owner } = desk
  if (owner === null) return null
  const trimmed = text.trim()
  return (
    <form
      className={css({ display: 'grid', gap: '1' })}
      onSubmit={(event) => {
        event.preventDefault()
        if (trimmed === '') return
        setText('')
        void writeComment(owner, desk.kind, desk.lang, textKey, trimmed, desk.online)
      }}
    >
      <label htmlFor={id} className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>
        {m.review_comment_label()}
      </label>
      <textarea
        id={id}
        rows={2}
        maxLength={COMMENT_MAX}
        value={text}
        aria-describedby={counterId}
        onChange={(event) => setText(event.target.value)}
        className={translationTextareaClass}
      />
      <span className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', justifyContent: 'space-between' })}>
        <span id={counterId} className={css({ fontSize: 'xs', color: text.length >= COMMENT_MAX ? 'danger.700' : 'fg.muted' })}>
          {m.review_comment_counter({ count: text.length, max: COMMENT_MAX })}
        </span>
        <button type="submit" className={secondaryButtonClass} disabled={trimmed === ''}>
          {desk.online ? m.review_comment_send() : m.review_comment_keep()}
        </button>
      </span>
    </form>
  )
}

const commentClass = css({ display: 'grid', gap: '1', p: '2', borderRadius: 'control', bg: 'bg.subtle' })
const metaClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'baseline', fontSize: 'xs', color: 'fg.muted' })
const textClass = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 'sm' })
const smallButtonClass = css({
  fontSize: 'xs',
  color: 'danger.700',
  textDecoration: 'underline',
  bg: 'transparent',
  border: 'none',
  p: '0',
  cursor: 'pointer',
  _focusVisible: { outline: '2px solid token(colors.focus)', outlineOffset: '1px' },
})
