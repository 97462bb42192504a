import { useSyncExternalStore } from 'react'

// false while the server renders and while the browser hydrates that HTML; true from then on, and
// at once for a component that mounts later (a client-side navigation). React re-renders with
// true right after hydration, before the browser paints.
const never = () => () => undefined

export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}
