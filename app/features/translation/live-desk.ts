import type { ReviewKind } from '../../../src/domain/review-state'
import { deskOf, forgetClaims, showClaims } from './claims'
import { claimTextFn, liveDeskFn } from './live.functions'
import { applyLiveChanges } from './live-store'
import { POLL_MS } from './live-timing'
import { loadStore } from './store'

// The desk's part of a team (docs/decisions/049, "Claims and live saves"), loaded after the
// screen (use-live-desk.ts): the claim on the open text, and a poll every POLL_MS for the saves,
// reviews and claims of others. Both are best effort: a failed call is tried again at the next
// turn, never shown, and never holds up typing or saving.

type Claim = { kind: ReviewKind; lang: string; key: string | null }

// The claim each desk wants the server to know, sent one call at a time: a release and the
// next claim of the same language (moving to the next text) go as one call.
const wanted = new Map<string, Claim>()
let sending: Promise<void> | null = null

async function sendWanted(): Promise<void> {
  // After the calls of this turn (a release and a claim together) have been asked for.
  await Promise.resolve()
  for (const [desk, claim] of wanted) {
    wanted.delete(desk)
    if (!navigator.onLine) continue
    await claimTextFn({ data: claim }).catch(() => undefined)
  }
  sending = null
  if (wanted.size > 0) sending = sendWanted()
}

/** Claims `key` (null: releases the claim) on the desk of `kind` and `lang`. */
export function wantClaim(kind: ReviewKind, lang: string, key: string | null): void {
  wanted.set(deskOf(kind, lang), { kind, lang, key })
  sending ??= sendWanted()
}

/**
 * Follows the desk of `scope` and `dst` until the answer is called: polls while the page is
 * visible, pauses while it is hidden and asks at once when it is shown again.
 */
export function followDesk({ scope, dst, owner, username }: { scope: ReviewKind; dst: string; owner: string; username: string | null }): () => void {
  const desk = deskOf(scope, dst)
  let cursor: string | null = null
  let stopped = false
  let running = false
  let timer: ReturnType<typeof setTimeout> | undefined

  async function poll(): Promise<void> {
    timer = undefined
    if (stopped || running || document.hidden) return
    running = true
    try {
      const answer = await liveDeskFn({ data: { kind: scope, lang: dst, ...(cursor === null ? {} : { since: cursor }) } })
      if (!stopped && answer.status) {
        if (cursor !== null && answer.data.changes.length > 0) {
          const store = await loadStore()
          await applyLiveChanges(store.translationDb(), owner, username, scope, dst, answer.data.changes)
          performance.mark('t9n:live:applied')
        }
        cursor = answer.data.cursor
        showClaims(desk, answer.data.claims)
      }
    } catch {
      // No answer (offline, the server away): the next turn asks again from the same cursor.
    } finally {
      running = false
    }
    if (!stopped && !document.hidden) timer = setTimeout(() => void poll(), POLL_MS)
  }

  function onVisibility() {
    if (document.hidden || stopped) return
    clearTimeout(timer)
    void poll()
  }

  document.addEventListener('visibilitychange', onVisibility)
  void poll()
  return () => {
    stopped = true
    clearTimeout(timer)
    document.removeEventListener('visibilitychange', onVisibility)
    forgetClaims(desk)
  }
}
