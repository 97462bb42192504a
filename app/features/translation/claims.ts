import { useSyncExternalStore } from 'react'
import type { LiveClaim } from '../../../src/contract/translation-team'

// Which texts of the desk shown others have open (docs/decisions/049, "Claims and live saves"),
// as the last poll answered: the rows name them, and the moves to the next text skip them.
// Advisory: without an answer (offline, a failed poll) nothing is claimed and nothing is skipped.

const NONE: ReadonlyMap<string, LiveClaim> = new Map()
let shown: { desk: string; byKey: ReadonlyMap<string, LiveClaim> } = { desk: '', byKey: NONE }
const listeners = new Set<() => void>()

function notify() {
  for (const listener of listeners) listener()
}

/** The desk (area and target language) the claims are of: `${kind}|${lang}`. */
export function deskOf(kind: string, lang: string): string {
  return `${kind}|${lang}`
}

/** The claims of others on the desk, as a poll answered them. */
export function showClaims(desk: string, claims: ReadonlyArray<LiveClaim>): void {
  const byKey = new Map<string, LiveClaim>()
  for (const claim of claims) if (!byKey.has(claim.key)) byKey.set(claim.key, claim)
  const same = shown.desk === desk && shown.byKey.size === byKey.size && [...byKey].every(([key, claim]) => shown.byKey.get(key)?.username === claim.username)
  if (same) return
  shown = { desk, byKey }
  notify()
}

/** The desk is left (or offline): nothing is claimed any more. */
export function forgetClaims(desk: string): void {
  if (shown.desk !== desk || shown.byKey.size === 0) return
  shown = { desk: '', byKey: NONE }
  notify()
}

/** Who else has the text open, if anyone. */
export function claimOf(key: string): LiveClaim | undefined {
  return shown.byKey.get(key)
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The claim of another user on `key`, re-rendered when the polls change it. */
export function useClaimOf(key: string): LiveClaim | undefined {
  return useSyncExternalStore(
    subscribe,
    () => shown.byKey.get(key),
    () => undefined,
  )
}
