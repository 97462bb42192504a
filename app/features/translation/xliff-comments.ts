import { commentsFn } from './review.functions'
import { previousSourceKey, reviewKindOf } from './xliff-edits'
import type { TextComments } from './xliff-parts'

// The comments an XLIFF export writes as notes (docs/decisions/049): the device keeps only how
// many a text has, so they are read from the server (GET /vue/i18n/comments/), as the editor's
// thread reads them: online, at most 200 texts per export, four requests at a time. Offline,
// signed out or past the cap, the texts go out without them.

export const COMMENTED_TEXTS_MAX = 200
const PARALLEL = 4

export const commentsFromServer: TextComments = async (wanted, lang) => {
  const found = new Map<string, Array<{ id: number; by: string | null; at: string; text: string }>>()
  const queue = wanted.slice(0, COMMENTED_TEXTS_MAX)
  let stopped = false
  const worker = async () => {
    for (let next = queue.shift(); next && !stopped; next = queue.shift()) {
      try {
        const answer = await commentsFn({ data: { kind: reviewKindOf(next.scope), lang, key: next.key } })
        if (answer.kind === 'login') stopped = true
        if (answer.kind !== 'ok') continue
        found.set(
          previousSourceKey(next.scope, next.key),
          answer.data.comments.map((comment) => ({ id: comment.id, by: comment.by, at: comment.at, text: comment.text })),
        )
      } catch {
        stopped = true
      }
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker))
  return found
}
