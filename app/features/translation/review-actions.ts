import { m } from '../../../src/paraglide/messages'
import type { ReviewKind, ReviewVerdict } from '../../../src/domain/review-state'
import { showToast } from '../../ui/toast'
import { recheckOnline } from '../../ui/use-online'
import { loadStore } from './store'
import { commentCreateFn, reviewFn } from './review.functions'
import { sendQueued, type SendReport, type Senders } from './review-send'

// What a reviewer's keys and buttons do (docs/decisions/049), loaded with the review part:
// every verdict and comment is kept on the device first (review-queue.ts), then sent when the
// server can be reached, now or when the connection is back.

const senders: Senders = {
  review: (body) => reviewFn({ data: body }),
  comment: async (comment) => {
    const answer = await commentCreateFn({
      data: { kind: comment.kind, lang: comment.lang, key: comment.key, text: comment.text, client_id: comment.clientId },
    })
    return answer.kind === 'ok' ? { kind: 'ok' } : answer
  },
}

/** Sends what waits; tells what came of it when something did not go as asked. */
export async function syncReviews(owner: string, { quiet = false }: { quiet?: boolean } = {}): Promise<SendReport> {
  const report = await sendQueued(owner, senders)
  if (report.stopped === 'offline') void recheckOnline()
  if (report.conflicts > 0) showToast({ title: () => m.review_conflicts_toast({ count: report.conflicts }), type: 'warning' })
  if (report.refused.length > 0) showToast({ title: () => report.refused.join('\n'), type: 'error' })
  if (!quiet && report.stopped === 'login') showToast({ title: () => m.review_login_toast(), type: 'warning' })
  return report
}

/** Approves or sends back texts as the reviewer saw them (their stamps), then sends when online. */
export async function review(
  owner: string,
  kind: ReviewKind,
  lang: string,
  verdict: ReviewVerdict,
  texts: ReadonlyArray<{ key: string; base: string }>,
  comment: string | null,
  online: boolean,
): Promise<void> {
  const store = await loadStore()
  await store.queueReviews(store.reviewQueueDb(), owner, kind, lang, verdict, texts, comment)
  if (online) await syncReviews(owner)
  else showToast({ title: () => m.review_waiting_toast({ count: texts.length }) })
}

/** Keeps a comment on the device, then sends it when online. */
export async function writeComment(owner: string, kind: ReviewKind, lang: string, key: string, text: string, online: boolean): Promise<void> {
  const store = await loadStore()
  await store.queueComment(store.reviewQueueDb(), { owner, kind, lang, key, text, at: Date.now() })
  if (online) await syncReviews(owner)
}
