import { z } from 'zod'
import { TEXT_KEY_MAX, TEXT_VALUE_MAX } from '../../../src/contract/translation-save'
import { LANGUAGE_CODE_PATTERN } from '../../../src/domain/language-code'
import { QUEUE_FILE_MAX_MB, pendingId, type PendingRow, type TranslationDb } from './local-store'
import { pendingRow, thoseThatFit } from './stored-rows'

// The unsaved edits as a file (docs/decisions/014-translation-local-first.md): a backup, or the way
// to another device. The export holds every edit of the user on this device; an import puts the
// file's edits into the importing user's queue as unsaved edits with the server version each
// started from, so a save finds conflicts as it does for typed ones. A file is read as hostile: its
// size, its JSON and every field are checked before anything is written, and a refused file changes
// nothing.

export const QUEUE_FORMAT = 'portal-translation-queue'
/** A larger file is refused before it is read (100,000 edits of some 200 bytes are 20 MB). */
export const QUEUE_FILE_MAX_BYTES = QUEUE_FILE_MAX_MB * 1024 * 1024
export const QUEUE_EDITS_MAX = 200_000

const edit = z.strictObject({
  scope: z.enum(['vartext', 'system', 'catalogue', 'article_unit']),
  dst: z.string().regex(LANGUAGE_CODE_PATTERN),
  key: z.string().min(1).max(TEXT_KEY_MAX),
  value: z.string().max(TEXT_VALUE_MAX),
  base: z.string().max(40).nullable(),
  source: z.string().max(TEXT_VALUE_MAX).optional(),
  unit: z.strictObject({ articleId: z.number().int().positive().max(2_147_483_647), tid: z.string().min(1).max(200) }).optional(),
  // "Confirm translation" of an outdated text: its value unchanged, sent to be marked current.
  confirm: z.literal(true).optional(),
  edited_at: z.number().int().nonnegative(),
})

const queueFile = z.strictObject({
  format: z.literal(QUEUE_FORMAT),
  version: z.literal(1),
  owner: z.string().max(254),
  exported_at: z.string().max(40),
  edits: z.array(edit).max(QUEUE_EDITS_MAX),
})
export type QueueFile = z.infer<typeof queueFile>

/** Why a file was refused: the screen words it. */
export type QueueFileProblem = { kind: 'too_big' } | { kind: 'not_json' } | { kind: 'not_a_queue' } | { kind: 'bad_edit'; at: string }

/** The file of `owner`'s edits on this device. */
export async function exportQueue(db: TranslationDb, owner: string, now = new Date()): Promise<QueueFile> {
  // An edit that does not fit the edit's shape stays on the device, out of the file (stored-rows.ts).
  const rows = thoseThatFit(pendingRow, await db.pending.where('owner').equals(owner).toArray())
  return {
    format: QUEUE_FORMAT,
    version: 1,
    owner,
    exported_at: now.toISOString(),
    edits: rows.map((row) => ({
      scope: row.scope,
      dst: row.dst,
      key: row.key,
      // A conflict's own text: the import sends it again against the version it started from.
      value: row.value,
      base: row.base,
      ...(row.source !== undefined ? { source: row.source } : {}),
      ...(row.unit ? { unit: row.unit } : {}),
      ...(row.confirm ? { confirm: row.confirm } : {}),
      edited_at: row.editedAt,
    })),
  }
}

/** The file's edits, or why it is refused. */
export function readQueueFile(text: string, bytes: number): { ok: true; file: QueueFile } | { ok: false; problem: QueueFileProblem } {
  if (bytes > QUEUE_FILE_MAX_BYTES) return { ok: false, problem: { kind: 'too_big' } }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { ok: false, problem: { kind: 'not_json' } }
  }
  const head = z.looseObject({ format: z.literal(QUEUE_FORMAT), version: z.literal(1) }).safeParse(json)
  if (!head.success) return { ok: false, problem: { kind: 'not_a_queue' } }
  const parsed = queueFile.safeParse(json)
  if (!parsed.success) {
    const path = parsed.error.issues[0]?.path ?? []
    if (path[0] !== 'edits' || typeof path[1] !== 'number') return { ok: false, problem: { kind: 'not_a_queue' } }
    return { ok: false, problem: { kind: 'bad_edit', at: `${path[1] + 1}${path[2] !== undefined ? ` (${String(path[2])})` : ''}` } }
  }
  return { ok: true, file: parsed.data }
}

/**
 * Puts the file's edits into `owner`'s queue, in one transaction: an edit of the same text
 * already on the device stays when it is newer. Returns how many were taken.
 */
export async function importQueue(db: TranslationDb, owner: string, file: QueueFile): Promise<number> {
  return db.transaction('rw', db.pending, async () => {
    const rows: PendingRow[] = file.edits.map((edit) => ({
      id: pendingId(owner, edit.scope, edit.dst, edit.key),
      owner,
      scope: edit.scope,
      dst: edit.dst,
      key: edit.key,
      value: edit.value,
      base: edit.base,
      editedAt: edit.edited_at,
      state: 'pending',
      reason: null,
      theirs: null,
      ...(edit.unit ? { unit: edit.unit } : {}),
      ...(edit.source !== undefined ? { source: edit.source } : {}),
      ...(edit.confirm ? { confirm: edit.confirm } : {}),
    }))
    const existing = await db.pending.bulkGet(rows.map((row) => row.id))
    const taken = rows.filter((row, index) => {
      const kept = existing[index]
      return !kept || kept.editedAt <= row.editedAt
    })
    await db.pending.bulkPut(taken)
    return taken.length
  })
}
