import { useEffect, useLayoutEffect, useRef } from 'react'
import type { SaveBarState } from './desk-actions'
import { loadDeskActions } from './desk-lazy'
import { DESK_KEYS, isDeskKey } from './desk-keys'

// Ctrl+S (⌘S) saves from anywhere on a translation screen, the way the save bar's Save button
// does: with the summary of issues when there are any (decision 048). The browser's own "save
// page" never opens there. An editor first keeps what was typed, then asks with requestSave().

const requests = new EventTarget()

/** Asks the screen's save bar to save (an editor calls it once its text is kept on the device). */
export function requestSave(): void {
  requests.dispatchEvent(new Event('save'))
}

/** The save bar's part: Ctrl+S and requestSave() save the edits as the store holds them now. */
export function useSaveKey(state: SaveBarState): void {
  const latest = useRef(state)
  useLayoutEffect(() => {
    latest.current = state
  })
  useEffect(() => {
    const save = () =>
      void loadDeskActions().then(
        (actions) => actions.saveNow(latest.current),
        () => {},
      )
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isDeskKey(event, DESK_KEYS.save)) return
      event.preventDefault()
      save()
    }
    window.addEventListener('keydown', onKey)
    requests.addEventListener('save', save)
    return () => {
      window.removeEventListener('keydown', onKey)
      requests.removeEventListener('save', save)
    }
  }, [])
}
