// A run of database failures of one kind (decision 050) — an outage, writes without room — that
// the log tells when it begins and when it ends, not once a failure. Kept on globalThis: the
// built server may hold more than one copy of a module.
export type EpisodeKind = 'outage' | 'no-room'
export type Episode = { sinceMs: number; lastMs: number; failures: number; why: string }

declare global {
  var __portalEpisodes: Partial<Record<EpisodeKind, Episode>> | undefined
}

function episodes(): Partial<Record<EpisodeKind, Episode>> {
  globalThis.__portalEpisodes ??= {}
  return globalThis.__portalEpisodes
}

/**
 * Counts a failure (`why`: the first one's code or message names the episode). True when it
 * begins an episode: none is under way, or its last failure is `withinMs` ago or longer.
 */
export function countFailure(kind: EpisodeKind, why: string, nowMs: number, withinMs = Number.POSITIVE_INFINITY): boolean {
  const episode = episodes()[kind]
  if (episode && nowMs - episode.lastMs < withinMs) {
    episode.failures += 1
    episode.lastMs = nowMs
    return false
  }
  episodes()[kind] = { sinceMs: nowMs, lastMs: nowMs, failures: 1, why }
  return true
}

/** The episode under way, if any. */
export function episodeOf(kind: EpisodeKind): Episode | undefined {
  return episodes()[kind]
}

/** Ends the episode under way: how many failures it had and how long it lasted, for the log. */
export function endEpisode(kind: EpisodeKind, nowMs: number): { failures: number; seconds: number } | undefined {
  const episode = episodes()[kind]
  if (!episode) return undefined
  episodes()[kind] = undefined
  return { failures: episode.failures, seconds: Math.round((nowMs - episode.sinceMs) / 100) / 10 }
}
