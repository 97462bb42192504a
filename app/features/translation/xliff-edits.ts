import type { EditScope, PendingRow } from './local-keys'
import type { QueueFile } from './queue-file'
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
}
/** The texts of one <file>: `original` names it in the file, `scope` in the queue. */
export type LocalPart = { original: string; scope: EditScope; texts: Map<string, LocalText> }

export type ImportCounts = { imported: number; unchanged: number; unknown: number; empty: number }

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
export function xliffUnits(part: LocalPart, previous: ReadonlyMap<string, string> = new Map()): XliffUnit[] {
  return [...part.texts].map(([key, text]) => {
    const value = text.pending ? text.pending.value : (text.target ?? '')
    const unit: XliffUnit = {
      key,
      source: text.source,
      target: value === '' ? null : value,
      note: text.note,
      base: text.pending ? text.pending.base : text.stamp,
    }
    if (text.pending || !text.outdated) return unit
    return { ...unit, outdated: true, previousSource: previous.get(previousSourceKey(part.scope, key)) ?? null }
  })
}
