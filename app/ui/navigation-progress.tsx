import { useRouterState } from '@tanstack/react-router'
import { m } from '../../src/paraglide/messages'
import { css } from '../../styled-system/css'

/** Whether the router is between pages: the URL has changed and the next page is on its way. */
export function useNavigating(): boolean {
  return useRouterState({ select: (state) => state.status === 'pending' })
}

// Each page change asks the server for the session first, so on a slow line
// the old page stays for a moment: a thin bar at the top says the new one is coming.
export function NavigationProgress({ active }: { active: boolean }) {
  if (!active) return null
  return (
    <div
      role="progressbar"
      aria-label={m.navigation_pending()}
      className={css({
        position: 'fixed',
        top: '0',
        left: '0',
        right: '0',
        h: '1',
        zIndex: '50',
        overflow: 'hidden',
        pointerEvents: 'none',
        animation: 'appear 0.2s ease-out 0.15s both',
      })}
    >
      <div className={css({ h: 'full', w: '40%', bg: 'accent', animation: 'sweep 1s ease-in-out infinite' })} />
    </div>
  )
}
