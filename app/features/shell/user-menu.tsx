import { useState, type KeyboardEvent } from 'react'
import type { SessionUser } from '../../../src/contract/session'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useHydrated } from '../../ui/use-hydrated'
// Its type only (erased): the popup's script is loaded below, on demand.
import type UserMenuPopup from './user-menu-popup'

// The signed-in user's dropdown in the navbar: who and which company, and log out. Pages carry
// only its button: the menu (Ark's machine, positioning, dismissal: user-menu-popup.tsx) is
// loaded when the user reaches for it — pointer over or focus on the button starts the load,
// a click, Enter, Space or ArrowDown opens it as soon as it is there. Every script is
// precached by the offline shell, so this works offline too (docs/decisions/035-page-weight.md).
export const triggerClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  minH: '9',
  px: '2',
  borderRadius: 'control',
  cursor: 'pointer',
  color: 'white',
  border: '1px solid',
  borderColor: 'rgba(255,255,255,0.6)',
  maxW: { base: '9rem', md: '16rem' },
  _hover: { bg: 'rgba(255,255,255,0.15)' },
})
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

type PopupComponent = typeof UserMenuPopup
let loading: Promise<PopupComponent> | null = null
function loadPopup(): Promise<PopupComponent> {
  loading ??= import('./user-menu-popup').then((module) => module.default)
  return loading
}
export const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp'])

export function UserMenu({ user }: { user: SessionUser }) {
  const hydrated = useHydrated()
  const [Popup, setPopup] = useState<PopupComponent | null>(null)
  // Whether the popup, once loaded, opens at once and takes the focus from this button.
  const [wanted, setWanted] = useState({ open: false, focus: false })
  const reach = (next: Partial<typeof wanted>) => {
    if (!hydrated) return
    setWanted((now) => ({ ...now, ...next }))
    void loadPopup().then((component) => setPopup(() => component))
  }
  // The same button stays until the popup's script is there (and takes further clicks and keys).
  if (Popup) return <Popup user={user} open={wanted.open} focus={wanted.focus} />
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-label={m.user_menu_label({ username: user.username })}
      className={triggerClass}
      onPointerEnter={() => reach({})}
      onFocus={() => reach({ focus: true })}
      onBlur={() => setWanted((now) => ({ ...now, focus: false }))}
      onClick={() => reach({ open: true })}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPENING_KEYS.has(event.key)) return
        event.preventDefault()
        reach({ open: true, focus: true })
      }}
    >
      <TriggerFace user={user} />
    </button>
  )
}
