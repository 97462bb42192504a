import { useSyncExternalStore } from 'react'

/**
 * Whether a media query matches; null while the server renders and the page hydrates (the
 * server cannot know the screen), so a caller renders both forms then and CSS shows one.
 */
export function useMediaQuery(query: string): boolean | null {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
    () => null,
  )
}
