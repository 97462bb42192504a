import { startTransition, useEffect, useState } from 'react'

// Whether the page's first render (the server's HTML, hydrated) is behind us: a component that
// mounts from then on knows the screen at once.
let hydrated = false

/**
 * Whether a media query matches; null while the server renders and the page hydrates (the
 * server cannot know the screen), so a caller renders both forms then and CSS shows one.
 *
 * The answer after hydration comes as a transition: React renders it in short slices, together
 * with the other work that follows hydration, instead of re-rendering every caller at once in
 * one task (a store read with useSyncExternalStore, whose server value differs, is re-rendered
 * synchronously: on the companies screen every row's actions, some 15 ms of a slow phone's
 * main thread, to be replaced by the interactive tree right after). A change of the screen
 * (a phone turned) comes the same way.
 */
export function useMediaQuery(query: string): boolean | null {
  const [matches, setMatches] = useState<boolean | null>(() => (hydrated ? window.matchMedia(query).matches : null))
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
