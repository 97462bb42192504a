import { Menu } from '@ark-ui/react/menu'
import type { KeyboardEvent } from 'react'
import { useNavigate } from '@tanstack/react-router'
import type { SessionUser } from '../../../src/contract/session'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { forgetOfflinePages } from '../../ui/offline-pages'
import { OPENING_KEYS, TriggerFace, triggerClass } from './user-menu-trigger'
import { menuContentClass } from '../../ui/menu-content'

// The user menu's popup (Ark's menu machine, positioning and dismissal, about 35 KB of
// script): loaded when the user reaches for the button, not with every page (user-menu.tsx).
const groupLabelClass = css({ px: '4', py: '1', fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' })
const separatorClass = css({ borderColor: 'border', my: '1' })
const itemClass = css({ px: '4', py: '2', cursor: 'pointer', _highlighted: { bg: 'bg.subtle', outline: '2px solid', outlineColor: 'focus' } })

export default function InteractiveUserMenu({ user }: { user: SessionUser }) {
  const navigate = useNavigate()
  return (
    <Menu.Root
      lazyMount
      unmountOnExit
      // It replaces the plain button when the user opens the menu (user-menu.tsx).
      defaultOpen
      positioning={{ placement: 'bottom-end' }}
      onSelect={(details) => {
        if (details.value === 'security') void navigate({ to: '/security' })
        if (details.value === 'logout') void forgetOfflinePages().then(() => navigate({ to: '/logout' }))
      }}
    >
      <Menu.Trigger
        aria-label={m.user_menu_label({ username: user.username })}
        className={triggerClass}
        onKeyDownCapture={(event: KeyboardEvent<HTMLButtonElement>) => {
          // Ark's menu opens from the keyboard only once it has seen its button focused, and its
          // machine starts a moment after this button is mounted (a focus given before is not
          // seen): it is told again, as the row menus do (app/ui/row-menu.tsx).
          if (OPENING_KEYS.has(event.key)) event.currentTarget.dispatchEvent(new window.FocusEvent('focusin', { bubbles: true }))
        }}
      >
        <TriggerFace user={user} />
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content className={menuContentClass}>
          <Menu.ItemGroup>
            <Menu.ItemGroupLabel className={groupLabelClass}>
              {m.signed_in_as({ username: user.username })}
              <br />
              {user.company[1]}
            </Menu.ItemGroupLabel>
          </Menu.ItemGroup>
          <Menu.Separator className={separatorClass} />
          <Menu.Item value="security" className={itemClass}>
            {m.menu_security()}
          </Menu.Item>
          <Menu.Item value="logout" className={itemClass}>
            {m.logout()}
          </Menu.Item>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  )
}
