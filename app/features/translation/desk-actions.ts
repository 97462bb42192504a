import { insertNextCode } from '../../../src/domain/next-inline-code'
import { m } from '../../../src/paraglide/messages'
import { showErrorToast, showToast } from '../../ui/toast'
import type { EditScope, PendingRow } from './local-keys'
import { loadStore } from './store'
import { pageTop, scrollIntoPlace } from './scroll-into-place'

export { scrollIntoPlace }
import { FIELD, FIELD_BOX } from './field-class'
import { claimOf } from './claims'

// What the desk's keys do beyond typing (decision 048): Ctrl+S, the next tag, moving between the
// fields of the catalogue and article screens and the spec's scroll. Loaded when the browser is
// first idle after a translation screen is shown (desk-lazy.tsx), not with the screen; the
// scroll waits 100 ms anyway.

/** The source's next tag or placeholder the text lacks, at the textarea's cursor, the cursor after it. */
export function insertTag(textarea: HTMLTextAreaElement, source: string, change: (next: string) => void): void {
  const next = insertNextCode(source, textarea.value, textarea.selectionStart, textarea.selectionEnd)
  if (next === null) {
    showToast({ title: () => m.translation_no_tag_left() })
    return
  }
  // The field's own value first, so the cursor stays where the code ends when React renders it.
  textarea.value = next.value
  textarea.setSelectionRange(next.caret, next.caret)
  textarea.focus()
  change(next.value)
}

export type SaveBarState = {
  /** Whether a save may start now (a translator, not saving already, no summary open). */
  ready: boolean
  online: boolean
  owner: string | null
  scope: EditScope
  dst: string
  /** The Save button's path: the summary of issues first, then the save. */
  ask: (rows: ReadonlyArray<PendingRow>) => Promise<void>
}

/** Ctrl+S: the edits as the store holds them now, saved the Save button's way. */
export async function saveNow({ ready, online, owner, scope, dst, ask }: SaveBarState): Promise<void> {
  if (!ready || owner === null) return
  if (!online) {
    showErrorToast([m.translation_not_saved_offline()])
    return
  }
  // Read from the store, not the screen's last answer: the edit just kept may not have reached it.
  const store = await loadStore()
  const rows = (await store.pendingOf(store.translationDb(), owner, scope, dst)).filter((row) => row.state === 'pending')
  if (rows.length === 0) showToast({ title: () => m.translation_nothing_to_save() })
  else await ask(rows)
}

/**
 * What a move looks for: `work`, the next untranslated or outdated field that nobody else has
 * open (claims.ts; advisory, as on the desk); `review`, the next saved translation not approved
 * yet, after a reviewer's verdict.
 */
export type FieldMove = 'work' | 'review'

function wanted(box: Element | null, move: FieldMove): boolean {
  const status = box?.getAttribute('data-text-status')
  if (move === 'review') return status === 'translated' && !box?.querySelector('[data-review=approved]')
  const key = box?.getAttribute('data-key')
  return (status === 'untranslated' || status === 'outdated') && !(key && claimOf(key))
}

/** The field to go to from `from` in `direction`, wrapping; null when none is left. */
function fieldFrom(from: Element | null, direction: 1 | -1, move: FieldMove): HTMLTextAreaElement | null {
  const fields = [...document.querySelectorAll<HTMLTextAreaElement>(FIELD)]
  const at = from instanceof HTMLTextAreaElement ? fields.indexOf(from) : -1
  const start = at !== -1 ? at : direction === 1 ? -1 : fields.length
  for (let step = 1; step <= fields.length; step++) {
    const field = fields[(((start + direction * step) % fields.length) + fields.length) % fields.length]!
    if (field !== from && wanted(field.closest('[data-text-status]'), move)) return field
  }
  return null
}

/** Moves the focus to the next or previous field of a catalogue or article screen that `move` looks for, and scrolls it into place. */
export function goToField(from: Element | null, direction: 1 | -1, move: FieldMove = 'work'): void {
  const next = fieldFrom(from, direction, move)
  if (!next) {
    showToast({ title: () => (move === 'review' ? m.review_none_left() : m.translation_none_left()) })
    return
  }
  next.focus({ preventScroll: true })
  const box = next.closest(FIELD_BOX) ?? next
  scrollIntoPlace(() => (box.isConnected ? pageTop(box) : null))
}
