// Review states of a translation (docs/decisions/049). A saved translation is `translated`; a
// reviewer approves it or sends it back (`needs_editing`). The state belongs to the exact text
// reviewed: a save that changes the value makes it `translated` again, and an approval of a
// value written against an older master revision no longer counts (the text is outdated).
export const REVIEW_STATES = ['translated', 'needs_editing', 'approved'] as const
export type ReviewState = (typeof REVIEW_STATES)[number]

/** What a reviewer can set. */
export const REVIEW_VERDICTS = ['approved', 'needs_editing'] as const
export type ReviewVerdict = (typeof REVIEW_VERDICTS)[number]

/** The areas a review, a comment or a claim names: catalog covers catalogue labels and article texts. */
export const REVIEW_KINDS = ['vartext', 'system', 'catalog'] as const
export type ReviewKind = (typeof REVIEW_KINDS)[number]

/** The text kinds of the database an area holds. */
export const TEXT_KINDS_OF: Readonly<Record<ReviewKind, ReadonlyArray<'vartext' | 'system' | 'catalogue' | 'article_unit'>>> = {
  vartext: ['vartext'],
  system: ['system'],
  catalog: ['catalogue', 'article_unit'],
}

/** The state a reader sees: an approval of an outdated value is no approval. */
export function shownState(stored: ReviewState, valueRevision: number, textRevision: number): ReviewState {
  return stored === 'approved' && valueRevision < textRevision ? 'translated' : stored
}

/** The longest comment, in characters (plain text). */
export const COMMENT_MAX = 2_000
/** The most texts one review call takes. */
export const REVIEW_BATCH_LIMIT = 5_000
/** How long a claim on an open text lasts without renewal. */
export const CLAIM_TTL_MS = 120_000
