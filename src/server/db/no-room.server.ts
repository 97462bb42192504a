import { processLogger } from '../ops/logger.server'
import { countFailure, endEpisode, episodeOf } from './episode.server'

// Writes that fail for lack of room (a full disk: decision 050) answer 503, and /ready says
// `disk` while they do: from such a failure until a later write succeeds, or until none has
// failed so for HOLD_MS — a balancer that took the server out sends no writes that could show
// the room is back, so it gets requests again and the next failing write takes it out again.
const HOLD_MS = 60_000

/** A write failed for lack of room (`why`: PostgreSQL's code). */
export function noteNoRoom(why: string, nowMs = Date.now()): void {
  if (countFailure('no-room', why, nowMs, HOLD_MS)) {
    processLogger().error({ why }, 'the database has no room to write: writes answer 503 and /ready says "disk" until one succeeds')
  }
}

/** A write succeeded: there is room again. */
export function noteWritten(nowMs = Date.now()): void {
  if (episodeOf('no-room')) processLogger().warn(endEpisode('no-room', nowMs), 'the database writes again')
}

/** Whether writes are failing for lack of room (the last such failure is recent and no write succeeded since). */
export function noRoomToWrite(nowMs = Date.now()): boolean {
  const episode = episodeOf('no-room')
  return episode !== undefined && nowMs - episode.lastMs < HOLD_MS
}

/** Tests: room again, without a word in the log. */
export function resetNoRoom(): void {
  endEpisode('no-room', Date.now())
}
