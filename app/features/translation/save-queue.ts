import { batches } from '../../../src/domain/translation'
import type { SaveData } from '../../../src/contract/translation-save'
import { pendingOf, translationDb, type EditScope, type PendingRow } from './local-store'
import { applySavedToDocuments } from './kept-copies'
import { applySaved, markConflicts, markReason } from './pending-store'

// Sends the pending changes of one scope and target language in batches, and clears only
// what the server accepted: conflicts stay with both sides, refusals stay with the reason.

export const SAVE_BATCH = 1000

export type SaveBody = {
  languages: Record<string, [string, Record<string, string>]>
  changes: Record<string, string[]>
  pid2trus: Record<string, string[]>
  base: Record<string, Record<string, string | null>>
}

export type SendResult =
  { kind: 'ok'; data: SaveData } | { kind: 'conflict'; data: SaveData; messages: string[] } | { kind: 'login' } | { kind: 'refused'; messages: string[] }

export type SaveOutcome = {
  saved: number
  /** The keys the background save held back (errors the checks found), left unsaved with the reason. */
  heldBack: string[]
  conflicts: number
  refused: number
  stopped: 'login' | 'offline' | null
  messages: string[]
}

/**
 * The background save on reconnecting sends only typed edits, not those filled from memory,
 * and holds back those `holdBack` names (marked with its reason), sending the rest.
 */
/**
 * `typedOnly`: the background save on reconnecting sends only typed edits, not those filled from
 * memory. `keys`: only these texts (a merge saved by its own button). `holdBack`: texts kept back
 * unsaved with a reason (the background save holds back texts with errors).
 */
export type SaveOptions = {
  typedOnly?: boolean
  keys?: ReadonlyArray<string>
  holdBack?: { holds: (row: PendingRow) => boolean; reason: string }
}

export function bodyFor(dst: string, rows: ReadonlyArray<PendingRow>): SaveBody {
  return {
    languages: { [dst]: ['', Object.fromEntries(rows.map((row) => [row.key, row.value]))] },
    changes: { [dst]: rows.map((row) => row.key) },
    pid2trus: pid2trusOf(rows),
    base: { [dst]: Object.fromEntries(rows.map((row) => [row.key, row.base])) },
  }
}

/** Article texts name their article and unit (spec: pid2trus). */
function pid2trusOf(rows: ReadonlyArray<PendingRow>): Record<string, string[]> {
  const byArticle: Record<string, string[]> = {}
  for (const row of rows) {
    if (!row.unit) continue
    const tids = (byArticle[String(row.unit.articleId)] ??= [])
    if (!tids.includes(row.unit.tid)) tids.push(row.unit.tid)
  }
  return byArticle
}

export async function savePending(
  owner: string,
  scope: EditScope,
  dst: string,
  send: (body: SaveBody) => Promise<SendResult>,
  offlineReason: string,
  onProgress: (done: number, total: number) => void = () => {},
  options: SaveOptions = {},
): Promise<SaveOutcome> {
  const db = translationDb()
  performance.mark('t9n:save:start')
  const open = (await pendingOf(db, owner, scope, dst)).filter(
    (row) => row.state === 'pending' && !(options.typedOnly && row.fromMemory) && (!options.keys || options.keys.includes(row.key)),
  )
  const held = options.holdBack ? open.filter(options.holdBack.holds) : []
  if (options.holdBack && held.length > 0) await markReason(db, held, options.holdBack.reason)
  const queue = open.filter((row) => !held.includes(row))
  const outcome: SaveOutcome = { saved: 0, heldBack: held.map((row) => row.key), conflicts: 0, refused: 0, stopped: null, messages: [] }
  let done = 0
  onProgress(0, queue.length)
  for (const batch of batches(queue, SAVE_BATCH)) {
    const body = bodyFor(dst, batch)
    let result: SendResult
    try {
      performance.mark('t9n:save:send')
      result = await send(body)
      performance.mark('t9n:save:answer')
    } catch {
      outcome.stopped = 'offline'
      await markReason(db, batch, offlineReason)
      break
    }
    if (result.kind === 'login') {
      outcome.stopped = 'login'
      break
    }
    if (result.kind === 'refused') {
      outcome.refused += batch.length
      outcome.messages.push(...result.messages)
      await markReason(db, batch, result.messages.join('\n'))
    } else {
      const saved = result.data.saved[dst] ?? {}
      if (scope === 'catalogue' || scope === 'article_unit') await applySavedToDocuments(db, dst, saved, body.languages[dst]![1])
      await applySaved(db, scope, dst, saved, body.languages[dst]![1], batch)
      outcome.saved += Object.keys(saved).length
      if (result.kind === 'conflict') {
        outcome.conflicts += result.data.conflicts.length
        await markConflicts(db, owner, scope, dst, result.data.conflicts)
      }
    }
    performance.mark('t9n:save:applied')
    done += batch.length
    onProgress(done, queue.length)
  }
  return outcome
}
