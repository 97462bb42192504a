import { useState, type KeyboardEvent } from 'react'
import type { SessionUser } from '../../../src/contract/session'
import { m } from '../../../src/paraglide/messages'
import { OPENING_KEYS, TriggerFace, triggerClass } from './user-menu-trigger'
// Its type only (erased): the popup's script is loaded below, on demand.
import type UserMenuPopup from './user-menu-popup'

// The signed-in user’s dropdown in the navbar: who and which company, the Security page, and log out. Pages carry
// only its button: the menu (Ark's machine, positioning, dismissal: user-menu-popup.tsx) is
// loaded when the user reaches for it — pointer over or focus on the button starts the load,
// a click, Enter, Space or ArrowDown opens it as soon as it is there. Every script is
// precached by the offline shell, so this works offline too (docs/decisions/035-page-weight.md).
type PopupComponent = typeof UserMenuPopup
let loading: Promise<PopupComponent> | null = null
function loadPopup(): Promise<PopupComponent> {
  loading ??= import('./user-menu-popup').then((module) => module.default)
  return loading
}

export function UserMenu({ user }: { user: SessionUser }) {
  const [Popup, setPopup] = useState<PopupComponent | null>(null)
  // Pointer over or focus on the button only fetches the popup's script; the popup takes the
  // button's place when the user opens it, and mounts open. Were it swapped in on the pointer's
  // arrival, a click in the moment before its menu machine has started would open nothing.
  // (A handler runs only once React has hydrated this button: a click React replays right after
  // hydration opens the menu too.)
  const open = () => void loadPopup().then((component) => setPopup(() => component))
  const prefetch = () => void loadPopup()
  if (Popup) return <Popup user={user} />
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-label={m.user_menu_label({ username: user.username })}
      className={triggerClass}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={open}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPENING_KEYS.has(event.key)) return
        event.preventDefault()
        open()
      }}
    >
      <TriggerFace user={user} />
    </button>
  )
}
