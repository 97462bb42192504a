import { processLogger } from '../ops/logger.server'
import { countFailure, endEpisode, episodeOf } from './episode.server'

// While the database cannot answer, calls answer 503 (decision 050). The log gets one line when
// that starts and one when the database answers again, not one a request.

// The database counts as answering again at the first query that succeeds this long after the
// last failure, so lock timeouts (5 s apart by default) between successful calls stay one episode.
const QUIET_MS = 10_000

/** A call failed because the database could not answer (`why`: its code or message). */
export function noteUnavailable(why: string, nowMs = Date.now()): void {
  if (countFailure('outage', why, nowMs)) processLogger().warn({ why }, 'database unavailable: calls answer 503 until it answers again')
}

/** A query succeeded. */
export function noteAnswered(nowMs = Date.now()): void {
  const outage = episodeOf('outage')
  if (!outage || nowMs - outage.lastMs < QUIET_MS) return
  processLogger().warn(endEpisode('outage', nowMs), 'database answering again')
}

/** Whether calls have been failing for want of the database within the last quiet spell: an outage not yet over. */
export function faltering(nowMs = Date.now()): boolean {
  const outage = episodeOf('outage')
  return outage !== undefined && nowMs - outage.lastMs < QUIET_MS
}
