import { processLogger } from '../ops/logger.server'

// While the database cannot answer, calls answer 503 (decision 050). The log gets one line when
// that starts and one when the database answers again, not one a request.
type Outage = { sinceMs: number; lastMs: number; failures: number; why: string }

declare global {
  var __portalDatabaseOutage: Outage | undefined
}

// The database counts as answering again at the first query that succeeds this long after the
// last failure, so lock timeouts (5 s apart by default) between successful calls stay one episode.
const QUIET_MS = 10_000

/** A call failed because the database could not answer (`why`: its code or message). */
export function noteUnavailable(why: string, nowMs = Date.now()): void {
  const outage = globalThis.__portalDatabaseOutage
  if (outage) {
    outage.failures += 1
    outage.lastMs = nowMs
    return
  }
  globalThis.__portalDatabaseOutage = { sinceMs: nowMs, lastMs: nowMs, failures: 1, why }
  processLogger().warn({ why }, 'database unavailable: calls answer 503 until it answers again')
}

/** A query succeeded. */
export function noteAnswered(nowMs = Date.now()): void {
  const outage = globalThis.__portalDatabaseOutage
  if (!outage || nowMs - outage.lastMs < QUIET_MS) return
  globalThis.__portalDatabaseOutage = undefined
  processLogger().warn({ failures: outage.failures, seconds: Math.round((nowMs - outage.sinceMs) / 100) / 10 }, 'database answering again')
}
