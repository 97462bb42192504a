import type { KeyboardEvent } from 'react'
import { loadDeskActions } from './desk-lazy'
import { DESK_KEYS, isDeskKey } from './desk-keys'
import type { ShownMatch } from './memory-protocol'
import { requestSave } from './save-key'

// The keys both editors share (the workspace's entry editor and the catalogue and article
// fields), decision 048: Ctrl+1…5 takes a memory match, Ctrl+Insert or Ctrl+Shift+F copies the
// source, F8 or Ctrl+, puts the source's next tag or placeholder in at the cursor, and Ctrl+S
// keeps the text and saves.

type Editor = {
  matches: ReadonlyArray<ShownMatch> | null
  source: string
  /** Takes the editor's new text. */
  change: (next: string) => void
  /** Keeps what was typed on the device now. */
  flush: () => Promise<void>
}

/** Handles the key when it is one of the shared ones (and returns true). */
export function sharedEditorKey(event: KeyboardEvent<HTMLTextAreaElement>, { matches, source, change, flush }: Editor): boolean {
  const take = memoryKey(event)
  if (take !== null) {
    event.preventDefault()
    const next = matches?.[take - 1]?.target
    if (next !== undefined) change(next)
  } else if (isDeskKey(event, DESK_KEYS.copySource)) {
    event.preventDefault()
    change(source)
  } else if (isDeskKey(event, DESK_KEYS.insertTag)) {
    event.preventDefault()
    insertTag(event.currentTarget, source, change)
  } else if (isDeskKey(event, DESK_KEYS.save)) {
    event.preventDefault()
    void flush().then(requestSave)
  } else return false
  return true
}

/** The source's next tag or placeholder the text lacks, at the cursor (desk-actions.ts). */
export function insertTag(textarea: HTMLTextAreaElement, source: string, change: (next: string) => void): void {
  loadDeskActions().then(
    (actions) => actions.insertTag(textarea, source, change),
    () => {},
  )
}

/** Ctrl+1…5 (⌘ on a Mac): the number of the match to take, else null. */
export function memoryKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }): number | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return null
  return /^[1-5]$/.test(event.key) ? Number(event.key) : null
}
