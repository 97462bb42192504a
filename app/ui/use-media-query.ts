import { startTransition, useEffect, useState } from 'react'
import { SCREEN_QUERIES } from './screen-queries'
import { pageScreenHint } from './screen-hint'

// Whether the page's first render (the server's HTML, hydrated) is behind us: a component that
// mounts from then on knows the screen at once.
let hydrated = false

/**
 * Whether a media query matches. While the server renders and the page hydrates, the answer of
 * the screen hint (the browser's cookie, docs/decisions/062-screen-hint.md) where it has one for
 * the query, else null: the server cannot know the screen, so a caller renders both forms then
 * and CSS shows one.
 *
 * The answer after hydration comes as a transition: React renders it in short slices, together
 * with the other work that follows hydration, instead of re-rendering every caller at once in
 * one task (a store read with useSyncExternalStore, whose server value differs, is re-rendered
 * synchronously: on the companies screen every row's actions, some 15 ms of a slow phone's
 * main thread, to be replaced by the interactive tree right after). A change of the screen
 * (a phone turned) comes the same way.
 */
export function useMediaQuery(query: string): boolean | null {
  const [matches, setMatches] = useState<boolean | null>(() => (hydrated ? window.matchMedia(query).matches : hintedMatch(pageScreenHint(), query)))
  useEffect(() => {
    hydrated = true
    const list = window.matchMedia(query)
    const update = () => startTransition(() => setMatches(list.matches))
    update()
    list.addEventListener('change', update)
    return () => list.removeEventListener('change', update)
  }, [query])
  return matches
}

/** Whether `query` matches by a screen hint; null when there is none or it does not answer the query. */
export function hintedMatch(hint: string | null, query: string): boolean | null {
  if (hint === null) return null
  const index = SCREEN_QUERIES.indexOf(query)
  return index < 0 ? null : hint[index] === '1'
}
