import type { LiveChange } from '../../../src/contract/translation-team'
import { documentHasKey, documentTexts, type DocumentTexts } from './document-texts'
import { revisionsOf } from './local-keys'
import type { TranslationDb } from './local-store'

// What a colleague's save polled in, a review's answer and a comment change of the kept
// catalogue and article answers (document-texts.ts), as they change the desk's entries
// (docs/decisions/049). Pure functions on the parsed answer, so they are tested without a
// browser; loaded with the team's parts (live-store.ts, review-apply.ts), not with a screen.

/** Sets `byKey[key]` of `lang` to `value`, or removes it (undefined). */
function put<T>(map: Record<string, Record<string, T>>, lang: string, key: string, value: T | undefined): void {
  if (value === undefined) {
    if (map[lang]) delete map[lang][key]
    return
  }
  ;(map[lang] ??= {})[key] = value
}

/** The review state kept for a text: only needs_editing and approved are named, as the read calls answer. */
export function keptState(state: string): string | undefined {
  return state === 'approved' || state === 'needs_editing' ? state : undefined
}

/**
 * A colleague's save or review as the desk's poll brings it in, written into the answer:
 * value, stamp, revision and review state of each text the answer holds in `dst`. Answers the
 * keys that changed (a change the answer already holds changes nothing).
 */
export function applyChangesToDocument(data: DocumentTexts, dst: string, changes: ReadonlyMap<string, LiveChange>): string[] {
  const dictionary = data.languages?.[dst]?.[1]
  if (!dictionary) return []
  const changed: string[] = []
  for (const [key, change] of changes) {
    if (!(key in dictionary) && !documentHasKey(data, key)) continue
    const value = dictionary[key] ?? null
    const stamp = data.stamps?.[dst]?.[key] ?? null
    if (value === change.value && stamp === change.stamp && data.states?.[dst]?.[key] === keptState(change.state)) continue
    if (change.value === null) delete dictionary[key]
    else dictionary[key] = change.value
    if (data.stamps) put(data.stamps, dst, key, change.stamp ?? undefined)
    // The value's master revision, where the answer knows the source's (revisionsOf).
    if (data.revisions && revisionsOf(data.revisions, key, dst).revision !== undefined) {
      put(data.revisions, dst, key, change.value === null ? undefined : change.revision)
    }
    put((data.states ??= {}), dst, key, keptState(change.state))
    changed.push(key)
  }
  return changed
}

/** What a review answer or a comment changes of one text: its state, its value (a refused review), its comment count. */
export type TextPatch = {
  state?: string | undefined
  value?: { value: string | null; stamp: string | null }
  comments?: { delta: number } | { exactly: number }
}

/** Writes `patches` (key → patch) into the answer's texts of `lang`; answers whether anything changed. */
export function patchDocumentTexts(data: DocumentTexts, lang: string, patches: ReadonlyMap<string, TextPatch>): boolean {
  if (!data.languages?.[lang]) return false
  let changed = false
  for (const [key, patch] of patches) {
    if (!documentHasKey(data, key)) continue
    if ('state' in patch) {
      const before = data.states?.[lang]?.[key]
      const after = patch.state === undefined ? undefined : keptState(patch.state)
      if (before !== after) {
        put((data.states ??= {}), lang, key, after)
        changed = true
      }
    }
    if (patch.value) {
      const dictionary = data.languages[lang][1]
      if (patch.value.value === null) delete dictionary[key]
      else dictionary[key] = patch.value.value
      if (data.stamps) put(data.stamps, lang, key, patch.value.stamp ?? undefined)
      changed = true
    }
    if (patch.comments) {
      const before = data.comments?.[lang]?.[key] ?? 0
      const after = 'exactly' in patch.comments ? patch.comments.exactly : Math.max(0, before + patch.comments.delta)
      if (after !== before) {
        put((data.comments ??= {}), lang, key, after > 0 ? after : undefined)
        changed = true
      }
    }
  }
  return changed
}

/** Runs `change` on every kept answer (catalogue trees, articles) and writes those it changed. */
export async function rewriteDocuments(db: TranslationDb, change: (data: DocumentTexts) => boolean): Promise<void> {
  await db.transaction('rw', db.documents, async () => {
    for (const row of await db.documents.toArray()) {
      const parsed = documentTexts.safeParse(row.data)
      if (parsed.success && change(parsed.data)) await db.documents.put({ ...row, data: parsed.data })
    }
  })
}
