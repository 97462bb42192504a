import Dexie, { type EntityTable } from 'dexie'
import type { ReviewKind, ReviewVerdict } from '../../../src/domain/review-state'
import type { ReviewOverlay } from './review-states'

// Reviews and comments made on this device, from the moment they are made until the server
// took them (docs/decisions/049, "Reviewing on the desk"): online they go at once, offline they
// wait here — a reload, a closed tab or a restart keep them — and go when the connection is back.
// Their own small database, so the desk's store (local-store.ts) keeps its version.

export type QueuedReview = {
  /** `${owner}|${kind}|${lang}|${key}`: one verdict per text, the last one made. */
  id: string
  owner: string
  kind: ReviewKind
  lang: string
  key: string
  verdict: ReviewVerdict
  /** The stamp of the value the reviewer saw: a value changed since is a conflict. */
  base: string
  comment: string | null
  at: number
  /** Waiting to be sent, or refused: the text changed since it was reviewed (theirs: the value now). */
  state: 'waiting' | 'conflict'
  theirs: { value: string | null; stamp: string | null; by: string | null } | null
  /** Why the last try did not send it. */
  reason: string | null
}

export type QueuedComment = {
  /** Chosen when written; the server stores a comment sent twice once. */
  clientId: string
  owner: string
  kind: ReviewKind
  lang: string
  key: string
  text: string
  at: number
  reason: string | null
}

export class ReviewQueueDb extends Dexie {
  reviews!: EntityTable<QueuedReview, 'id'>
  comments!: EntityTable<QueuedComment, 'clientId'>

  constructor(name: string) {
    super(name)
    this.version(1).stores({ reviews: 'id, [owner+kind+lang], owner', comments: 'clientId, [owner+kind+lang], [owner+kind+lang+key], owner' })
  }
}

let instance: ReviewQueueDb | null = null

export function reviewQueueDb(name = 'portal-translation-review'): ReviewQueueDb {
  if (instance && instance.name === name) return instance
  instance = new ReviewQueueDb(name)
  return instance
}

export function reviewId(owner: string, kind: ReviewKind, lang: string, key: string): string {
  return `${owner}|${kind}|${lang}|${key}`
}

/** A new comment's id: random, URL-safe, as the contract takes it. */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return `c${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

/**
 * Keeps verdicts on texts, one per text: a later verdict on the same text replaces the one
 * waiting (or refused) before it, so what is sent is the reviewer's last word.
 */
export async function queueReviews(
  db: ReviewQueueDb,
  owner: string,
  kind: ReviewKind,
  lang: string,
  verdict: ReviewVerdict,
  texts: ReadonlyArray<{ key: string; base: string }>,
  comment: string | null,
  nowMs = Date.now(),
): Promise<void> {
  await db.reviews.bulkPut(
    texts.map(({ key, base }) => ({
      id: reviewId(owner, kind, lang, key),
      owner,
      kind,
      lang,
      key,
      verdict,
      base,
      comment,
      at: nowMs,
      state: 'waiting' as const,
      theirs: null,
      reason: null,
    })),
  )
}

export async function queueComment(db: ReviewQueueDb, comment: Omit<QueuedComment, 'reason' | 'clientId'> & { clientId?: string }): Promise<string> {
  const clientId = comment.clientId ?? newClientId()
  await db.comments.put({ ...comment, clientId, reason: null })
  return clientId
}

/** A refused verdict is let go (the reviewer has seen the conflict). */
export async function dismissReview(db: ReviewQueueDb, id: string): Promise<void> {
  await db.reviews.delete(id)
}

/** The texts of one list that the device holds something for. */
export async function reviewOverlays(db: ReviewQueueDb, owner: string | null, kind: ReviewKind, lang: string): Promise<Map<string, ReviewOverlay>> {
  const overlays = new Map<string, ReviewOverlay>()
  if (owner === null) return overlays
  const [reviews, comments] = await Promise.all([
    db.reviews.where('[owner+kind+lang]').equals([owner, kind, lang]).toArray(),
    db.comments.where('[owner+kind+lang]').equals([owner, kind, lang]).toArray(),
  ])
  return mergeOverlays(reviews, comments)
}

/** Per text: its verdict (refused or waiting) and how many comments wait. */
export function mergeOverlays(reviews: ReadonlyArray<QueuedReview>, comments: ReadonlyArray<QueuedComment>): Map<string, ReviewOverlay> {
  const overlays = new Map<string, ReviewOverlay>()
  const at = (key: string) => {
    let overlay = overlays.get(key)
    if (!overlay) overlays.set(key, (overlay = { verdict: null, conflict: false, waitingComments: 0 }))
    return overlay
  }
  for (const review of reviews) Object.assign(at(review.key), { verdict: review.verdict, conflict: review.state === 'conflict' })
  for (const comment of comments) at(comment.key).waitingComments += 1
  return overlays
}

/** What waits to be sent by `owner` (verdicts refused as conflicts are not sent again). */
export async function waitingOf(db: ReviewQueueDb, owner: string): Promise<{ reviews: QueuedReview[]; comments: QueuedComment[] }> {
  const [reviews, comments] = await Promise.all([db.reviews.where('owner').equals(owner).toArray(), db.comments.where('owner').equals(owner).toArray()])
  // A call the server refused (its reason kept) is not sent again by itself.
  return {
    reviews: reviews.filter((review) => review.state === 'waiting' && review.reason === null),
    comments: comments.filter((comment) => comment.reason === null).sort((a, b) => a.at - b.at),
  }
}

/** Verdicts of one call, grouped as one call can carry them: same area, language, verdict and comment. */
export function reviewCalls(reviews: ReadonlyArray<QueuedReview>, limit: number): QueuedReview[][] {
  const groups = new Map<string, QueuedReview[]>()
  for (const review of reviews) {
    const group = JSON.stringify([review.kind, review.lang, review.verdict, review.comment])
    groups.set(group, [...(groups.get(group) ?? []), review])
  }
  const calls: QueuedReview[][] = []
  for (const group of groups.values()) for (let start = 0; start < group.length; start += limit) calls.push(group.slice(start, start + limit))
  return calls
}
