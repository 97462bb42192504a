import { loadHistoryFn } from './history.functions'
import { sourceAt } from './history-source'
import { previousSourceKey, type PreviousSources } from './xliff-edits'

// The sources outdated translations were made from, for the XLIFF export (docs/decisions/039):
// the device keeps no old source texts, so they come from the master text's history on the
// server (GET /vue/i18n/history/), as the desk's outdated notice gets them. Offline, or past the
// cap, an outdated text still goes out marked as needing work, only without its old source.

/** At most this many outdated texts get their previous source in one export: one request each. */
export const PREVIOUS_SOURCES_MAX = 200
/** Requests under way at once. */
const PARALLEL = 4

export const previousSourcesFromHistory: PreviousSources = async (wanted) => {
  const found = new Map<string, string>()
  const queue = wanted.slice(0, PREVIOUS_SOURCES_MAX)
  let stopped = false
  const worker = async () => {
    for (let next = queue.shift(); next && !stopped; next = queue.shift()) {
      try {
        const answer = await loadHistoryFn({ data: { kind: next.scope, key: next.key, language: 'master' } })
        // Signed out: every other request would be answered the same.
        if (answer.kind === 'login') stopped = true
        if (answer.kind !== 'ok') continue
        const before = sourceAt(answer.data.entries, next.revision)
        if (before !== null) found.set(previousSourceKey(next.scope, next.key), before)
      } catch {
        // Offline: the export goes out without the old sources rather than waiting on each.
        stopped = true
      }
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker))
  return found
}
