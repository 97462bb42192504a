import type { SessionUser } from '../../../src/contract/session'
import { css } from '../../../styled-system/css'
import { navbarButtonClass } from './chrome-classes'

// The user menu's button as both halves draw it: the navbar's own button (user-menu.tsx) and
// the loaded popup's trigger (user-menu-popup.tsx). It lives here, not in user-menu.tsx, so the
// popup — loaded on demand by user-menu.tsx — does not import back from the module that loads it.
// Joined as text, not with `cx`: Panda's atomic classes of different properties never clash,
// and `cx` would be one more script in every page's first load.
export const triggerClass = `${navbarButtonClass} ${css({ display: 'inline-flex', gap: '1', maxW: { base: '9rem', md: '16rem' }, _hover: { bg: 'rgba(255,255,255,0.15)' } })}`
const iconClass = css({ display: { base: 'block', md: 'none' } })
const nameClass = css({ display: { base: 'none', md: 'inline' }, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
export function TriggerFace({ user }: { user: SessionUser }) {
  return (
    <>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" className={iconClass}>
        <circle cx="12" cy="8" r="4" fill="currentColor" />
        <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" fill="currentColor" />
      </svg>
      <span className={nameClass}>{user.username}</span>
      <span aria-hidden="true">▾</span>
    </>
  )
}

/** The keys that open the menu from its button. */
export const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp'])
