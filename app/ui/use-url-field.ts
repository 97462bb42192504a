import { useEffect, useRef, useState } from 'react'
import { useDebounced } from './use-debounced'

/**
 * A text field bound to a search param: typing updates the field at once and the URL once
 * the text has settled for `delayMs`; a URL change from outside (back button, a pasted
 * link) shows in the field.
 */
export function useUrlField(urlValue: string, commit: (value: string) => void, delayMs: number) {
  const [text, setText] = useState(urlValue)
  const settled = useDebounced(text, delayMs)
  const committed = useRef(urlValue)
  useEffect(() => {
    if (urlValue !== committed.current) {
      committed.current = urlValue
      setText(urlValue)
    }
  }, [urlValue])
  useEffect(() => {
    if (settled !== committed.current) {
      committed.current = settled
      commit(settled)
    }
  }, [settled, commit])
  return [text, setText] as const
}
