import type { EditScope, PendingRow } from './local-keys'
import type { QueueFile } from './queue-file'
import { COMMENT_MAX } from '../../../src/domain/review-state'
import type { ReviewKind } from '../../../src/domain/review-state'
import type { ReadPart, XliffRead, XliffUnit } from './xliff-file'

// Between the texts on this device and an XLIFF file (docs/decisions/039), without the store:
// the units a file shows, and the unsaved edits a file's translations become — each with the
// server version it stands on and its source, so the checks and a save's conflicts apply. An
// outdated text goes out as needing work with the source it was translated from, and comes back
// as an edit of it: a changed translation, or the same one confirmed in the tool.

/**
 * A text on this device: the server's text and stamp, the translator's edit if any. `outdated`:
 * the server's text was made against an older source, the source `revision` it was made against.
 */
export type LocalText = {
  source: string
  target: string | null
  stamp: string | null
  note: string | null
  unit?: PendingRow['unit']
  pending?: PendingRow
  outdated?: { revision: number }
  /** Its review and how many comments it has (docs/decisions/049). */
  review?: 'approved' | 'needs_editing'
  comments?: number
}
/** The texts of one <file>: `original` names it in the file, `scope` in the queue. */
export type LocalPart = { original: string; scope: EditScope; texts: Map<string, LocalText> }

/** `comments`, `approved`, `notApproved`: the file's notes and approvals (docs/decisions/049). */
export type ImportCounts = { imported: number; unchanged: number; unknown: number; empty: number; comments?: number; approved?: number; notApproved?: number }

/**
 * The screen's part a file's part goes to: the one its `original` names; for a file that does not
 * say, the part holding the key — where several do (a catalogue's labels and its articles' texts),
 * the one at the position of the portal's own file id (`f1`, `f2`), else the first.
 */
function localPartOf(filePart: ReadPart, key: string, parts: ReadonlyArray<LocalPart>): LocalPart | undefined {
  if (filePart.original !== null) return parts.find((part) => part.original === filePart.original)
  const holding = parts.filter((part) => part.texts.has(key))
  const position = /^f(\d+)$/.exec(filePart.file)
  const named = position ? parts[Number(position[1]) - 1] : undefined
  return named && holding.includes(named) ? named : holding[0]
}

/**
 * The file's units as queue edits: unknown keys and texts equal to the server's (or to the edit
 * there) are counted, not taken. An outdated text whose translation the tool marked done without
 * changing it is confirmed, as "Confirm translation" does.
 */
export function xliffEdits(read: XliffRead, parts: ReadonlyArray<LocalPart>, nowMs: number): { edits: QueueFile['edits']; counts: ImportCounts } {
  const counts: ImportCounts = { imported: 0, unchanged: 0, unknown: 0, empty: read.empty }
  const edits: QueueFile['edits'] = []
  for (const filePart of read.parts) {
    for (const unit of filePart.units) {
      const local = localPartOf(filePart, unit.key, parts)
      const text = local?.texts.get(unit.key)
      if (!local || !text) {
        counts.unknown += 1
        continue
      }
      const same = unit.target === (text.target ?? '')
      const confirm = same && !text.pending && text.outdated !== undefined && unit.done
      if (!confirm && (same || unit.target === text.pending?.value)) {
        counts.unchanged += 1
        continue
      }
      // The version the file's text stands on: the one exported with it, else the one on the device.
      const base = unit.base !== undefined ? unit.base : text.pending ? text.pending.base : text.stamp
      edits.push({
        scope: local.scope,
        dst: read.dst,
        key: unit.key,
        value: unit.target,
        base,
        source: text.source,
        ...(text.unit ? { unit: text.unit } : {}),
        ...(confirm ? { confirm } : {}),
        edited_at: nowMs,
      })
    }
  }
  counts.imported = edits.length
  return { edits, counts }
}

/** The key of an outdated text's previous source (see PreviousSources). */
export const previousSourceKey = (scope: EditScope, key: string) => `${scope}\u0000${key}`

/**
 * The source texts outdated translations were made from (keyed by previousSourceKey), as far as
 * they can be had: the desk asks the source's history for them, online (xliff-history.ts).
 */
export type PreviousSources = (wanted: ReadonlyArray<{ scope: EditScope; key: string; revision: number }>) => Promise<ReadonlyMap<string, string>>

/**
 * The units of a part as the file shows them: the text now (the edit on the device, else the
 * server's). A text with an edit is not outdated: a save makes it current.
 */
export function xliffUnits(
  part: LocalPart,
  previous: ReadonlyMap<string, string> = new Map(),
  comments: ReadonlyMap<string, NonNullable<XliffUnit['comments']>> = new Map(),
): XliffUnit[] {
  return [...part.texts].map(([key, text]) => {
    const value = text.pending ? text.pending.value : (text.target ?? '')
    const found = comments.get(previousSourceKey(part.scope, key))
    const unit: XliffUnit = {
      key,
      source: text.source,
      target: value === '' ? null : value,
      note: text.note,
      base: text.pending ? text.pending.base : text.stamp,
      // An edit on the device is not what was reviewed: a save makes it translated.
      ...(text.review && !text.pending ? { review: text.review } : {}),
      ...(found && found.length > 0 ? { comments: found } : {}),
    }
    if (text.pending || !text.outdated) return unit
    return { ...unit, outdated: true, previousSource: previous.get(previousSourceKey(part.scope, key)) ?? null }
  })
}

/** The review area of a kind of text (docs/decisions/049). */
export function reviewKindOf(scope: EditScope): ReviewKind {
  return scope === 'vartext' || scope === 'system' ? scope : 'catalog'
}

export type ImportedReviews = {
  approvals: Array<{ kind: ReviewKind; key: string; base: string }>
  comments: Array<{ kind: ReviewKind; key: string; text: string; clientId: string }>
  /** Approvals in the file the import does not make: not a reviewer, or the translation differs from the server's. */
  notApproved: number
}

/**
 * What a file's notes and review states become (docs/decisions/049): each note a comment on its
 * text, with a client id made of the part, the key, the note and its place, so importing the same
 * file again stores it once; a unit marked reviewed or final an approval of the server's
 * translation — for a reviewer, when the file's translation is that one and not approved yet.
 */
export function xliffReviews(read: XliffRead, parts: ReadonlyArray<LocalPart>, canReview: boolean): ImportedReviews {
  const result: ImportedReviews = { approvals: [], comments: [], notApproved: 0 }
  for (const review of read.reviews ?? []) {
    const filePart = { original: review.original, file: review.file, units: [] }
    const local = localPartOf(filePart, review.key, parts)
    const text = local?.texts.get(review.key)
    if (!local || !text) continue
    const kind = reviewKindOf(local.scope)
    review.notes.forEach((note, index) => {
      result.comments.push({ kind, key: review.key, text: note.slice(0, COMMENT_MAX), clientId: noteClientId(local.original, review.key, index, note) })
    })
    if (!review.approved || text.review === 'approved') continue
    const base = text.stamp
    if (!canReview || base === null || review.target !== text.target || text.outdated) result.notApproved += 1
    else result.approvals.push({ kind, key: review.key, base })
  }
  return result
}

/** A comment's client id from where its note stands and what it says (FNV-1a, two 32-bit halves). */
export function noteClientId(original: string, key: string, index: number, text: string): string {
  const input = `${original}\u0000${key}\u0000${index}\u0000${text}`
  let low = 0x811c9dc5
  let high = 0x050c5d1f
  for (let at = 0; at < input.length; at += 1) {
    const code = input.charCodeAt(at)
    low = Math.imul(low ^ code, 0x01000193) >>> 0
    high = Math.imul(high ^ code ^ (low & 0xff), 0x01000193) >>> 0
  }
  return `xliff-${high.toString(36)}${low.toString(36)}`
}
