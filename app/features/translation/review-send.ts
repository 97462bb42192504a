import { REVIEW_BATCH_LIMIT, type ReviewConflict, type ReviewData } from '../../../src/contract/translation-team'
import type { ReviewKind, ReviewVerdict } from '../../../src/domain/review-state'
import { translationDb } from './local-store'
import { applyReviewConflicts, applyReviewed, countComments } from './review-apply'
import { reviewCalls, reviewQueueDb, waitingOf, type QueuedComment, type QueuedReview } from './review-queue'

// Sends what the device holds of reviews and comments (review-queue.ts), oldest first, and
// settles each text by the server's answer (docs/decisions/049): reviewed — its state goes into
// the device's copy; changed since it was reviewed — a conflict, shown and not applied; no
// translation — let go. A verdict made again while its call was on the way stays to be sent.

export type ReviewBody = {
  kind: ReviewKind
  lang: string
  keys: string[]
  state: ReviewVerdict
  comment?: string
  bases: Record<string, string>
}

export type ReviewAnswer =
  { kind: 'ok'; data: ReviewData } | { kind: 'conflict'; data: ReviewData; messages: string[] } | { kind: 'login' } | { kind: 'refused'; messages: string[] }

export type CommentAnswer = { kind: 'ok' } | { kind: 'login' } | { kind: 'refused'; messages: string[] }

export type Senders = {
  review: (body: ReviewBody) => Promise<ReviewAnswer>
  comment: (comment: QueuedComment) => Promise<CommentAnswer>
}

export type SendReport = { reviewed: number; conflicts: number; comments: number; refused: string[]; stopped: 'login' | 'offline' | null }

export function bodyOf(call: ReadonlyArray<QueuedReview>): ReviewBody {
  const first = call[0]!
  return {
    kind: first.kind,
    lang: first.lang,
    keys: call.map((review) => review.key),
    state: first.verdict,
    ...(first.comment ? { comment: first.comment } : {}),
    bases: Object.fromEntries(call.map((review) => [review.key, review.base])),
  }
}

/**
 * How the queue takes the server's answer to one call: `sent` as sent, `now` the same rows as
 * the queue holds them now (undefined: gone). Rows made again meanwhile (another `at`) stay.
 */
export function settleReviews(
  sent: ReadonlyArray<QueuedReview>,
  now: ReadonlyArray<QueuedReview | undefined>,
  data: ReviewData,
): { remove: string[]; conflicts: Array<{ id: string; theirs: QueuedReview['theirs'] }> } {
  const conflicts = new Map(data.conflicts.map((conflict) => [conflict.key, conflict]))
  const remove: string[] = []
  const marked: Array<{ id: string; theirs: QueuedReview['theirs'] }> = []
  sent.forEach((review, index) => {
    const current = now[index]
    if (!current || current.at !== review.at) return
    const conflict = conflicts.get(review.key)
    if (conflict) marked.push({ id: review.id, theirs: { value: conflict.value, stamp: conflict.stamp, by: conflict.by } })
    else remove.push(review.id)
  })
  return { remove, conflicts: marked }
}

let running: Promise<SendReport> | null = null
let again = false

/** Sends `owner`'s queue; a call while one runs makes it run once more after. */
export function sendQueued(owner: string, senders: Senders): Promise<SendReport> {
  if (running) {
    again = true
    return running
  }
  running = (async () => {
    let report: SendReport
    do {
      again = false
      report = await sendOnce(owner, senders)
    } while (again && report.stopped === null)
    return report
  })().finally(() => {
    running = null
  })
  return running
}

async function sendOnce(owner: string, senders: Senders): Promise<SendReport> {
  const queue = reviewQueueDb()
  const db = translationDb()
  const report: SendReport = { reviewed: 0, conflicts: 0, comments: 0, refused: [], stopped: null }
  const { reviews, comments } = await waitingOf(queue, owner)
  for (const call of reviewCalls(reviews, REVIEW_BATCH_LIMIT)) {
    const answer = await sent(report, () => senders.review(bodyOf(call)))
    if (answer === null) return report
    if (answer.kind === 'refused') {
      await queue.reviews.bulkUpdate(call.map((review) => ({ key: review.id, changes: { reason: answer.messages.join('\n') } })))
      continue
    }
    const { kind, lang } = call[0]!
    await applyReviewed(db, kind, lang, answer.data.reviewed)
    // A verdict's comment is stored on each text reviewed.
    if (call[0]!.comment) await countComments(db, kind, lang, Object.keys(answer.data.reviewed), { delta: 1 })
    const conflicts: ReviewConflict[] = answer.data.conflicts
    if (conflicts.length > 0) await applyReviewConflicts(db, kind, lang, conflicts)
    await queue.transaction('rw', queue.reviews, async () => {
      const now = await queue.reviews.bulkGet(call.map((review) => review.id))
      const settled = settleReviews(call, now, answer.data)
      await queue.reviews.bulkDelete(settled.remove)
      await queue.reviews.bulkUpdate(settled.conflicts.map(({ id, theirs }) => ({ key: id, changes: { state: 'conflict' as const, theirs, reason: null } })))
    })
    report.reviewed += Object.keys(answer.data.reviewed).length
    report.conflicts += conflicts.length
  }
  for (const comment of comments) {
    const answer = await sent(report, () => senders.comment(comment))
    if (answer === null) return report
    if (answer.kind === 'refused') {
      await queue.comments.update(comment.clientId, { reason: answer.messages.join('\n') })
      continue
    }
    await queue.comments.delete(comment.clientId)
    await countComments(db, comment.kind, comment.lang, comment.key, { delta: 1 })
    report.comments += 1
  }
  return report
}

/**
 * One call of a round: without a connection or a session the round stops (null, the report
 * says why); a refusal's messages go into the report. Otherwise the answer.
 */
async function sent<A extends ReviewAnswer | CommentAnswer>(report: SendReport, call: () => Promise<A>): Promise<Exclude<A, { kind: 'login' }> | null> {
  let answer: A
  try {
    answer = await call()
  } catch {
    report.stopped = 'offline'
    return null
  }
  if (answer.kind === 'login') {
    report.stopped = 'login'
    return null
  }
  if (answer.kind === 'refused') report.refused.push(...answer.messages)
  return answer as Exclude<A, { kind: 'login' }>
}
