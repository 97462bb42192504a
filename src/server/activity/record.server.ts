import { AsyncLocalStorage } from 'node:async_hooks'
import { activity } from '../db/schema/activity'
import type { Db } from '../db/types'
import { logger } from '../ops/logger.server'
import { currentRequest } from '../ops/request-context.server'

// The activity trail (decision 053): the endpoint frame appends one row for every call that
// wrote, and for refused sign-ins; a handler adds what only it knows (the target in words, the
// changed fields before → after, the user of a sign-in) with `noteActivity` while it runs.

/** Field → [before, after]; never a password, token, hash or secret. */
export type Changes = Record<string, readonly [unknown, unknown]>

export type ActivityNote = {
  /** The user a public call acted for (a sign-in): there is no caller to take it from. */
  actorUserId?: number
  companyId?: number
  target?: string
  changes?: Changes
  /** What the trail keeps of a call that reads, or a count (saved texts per language …). */
  details?: Record<string, unknown>
}

export type ActivityEntry = {
  actorUserId: number | null
  actingAsUserId: number | null
  companyId: number | null
  action: string
  outcome: 'done' | 'refused'
  target: string | null
  changes: Changes | null
  details: Record<string, unknown> | null
  address: string | null
}

declare global {
  var __portalActivityNotes: AsyncLocalStorage<ActivityNote> | undefined
}

// On globalThis: the app's bundle and the server's entry may each hold a copy of this module.
function notes(): AsyncLocalStorage<ActivityNote> {
  globalThis.__portalActivityNotes ??= new AsyncLocalStorage<ActivityNote>()
  return globalThis.__portalActivityNotes
}

/** Runs a handler with `note` as the call's note: what it adds is there afterwards, also when it failed. */
export function runWithNote<T>(note: ActivityNote, work: () => Promise<T>): Promise<T> {
  return notes().run(note, work)
}

/** Adds to the trail's row of the call under way (fields given later win; changes and details merge). */
export function noteActivity(addition: ActivityNote): void {
  const note = notes().getStore()
  if (!note) return
  const { changes, details, ...rest } = addition
  Object.assign(note, rest)
  if (changes) note.changes = { ...note.changes, ...changes }
  if (details) note.details = { ...note.details, ...details }
}

/** The fields of `before` and `after` that differ, as before → after (`hidden` fields only as changed). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>, hidden: ReadonlyArray<string> = []): Changes {
  const changes: Record<string, readonly [unknown, unknown]> = {}
  for (const key of Object.keys(after)) {
    if (!(key in before) || JSON.stringify(before[key]) === JSON.stringify(after[key])) continue
    changes[key] = hidden.includes(key) ? ['…', '…'] : [before[key] ?? null, after[key] ?? null]
  }
  return changes
}

/**
 * Appends the row. The database gives it its id, time and place in the chain. A row that cannot
 * be written is logged at error level and the call is answered all the same: its change is made
 * (decision 053).
 */
export async function recordActivity(db: Db, entry: ActivityEntry): Promise<void> {
  try {
    // id, prev_hash and hash are the trigger's; the values here are placeholders it replaces.
    await db.insert(activity).values({ ...entry, requestId: currentRequest()?.id ?? null, id: 0, prevHash: '', hash: '' })
  } catch (error) {
    logger().error({ err: error, action: entry.action }, 'activity trail: the row could not be written')
  }
}

/** How many texts of each language a call touched: the trail holds counts, never the texts. */
export function countsPerLanguage(byLanguage: Record<string, Record<string, unknown>>): Record<string, number> {
  return Object.fromEntries(Object.entries(byLanguage).map(([code, keys]) => [code, Object.keys(keys).length]))
}
