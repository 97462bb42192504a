import { Menu } from '@ark-ui/react/menu'
import { useNavigate } from '@tanstack/react-router'
import type { SessionUser } from '../../../src/contract/session'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { forgetOfflinePages } from '../../ui/offline-pages'
import { useHydrated } from '../../ui/use-hydrated'

// The signed-in user's dropdown in the navbar: who and which company, and log out. The server
// renders only its button (the menu machine is work on every page for a menu nobody has opened
// yet); the menu takes over right after hydration, before the browser paints.
const triggerClass = css({
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
const contentClass = css({
  bg: 'bg',
  color: 'fg',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'card',
  boxShadow: 'lg',
  py: '2',
  minW: '14rem',
  maxW: 'calc(100vw - 1rem)',
  zIndex: 'dropdown',
  outline: 'none',
})
const groupLabelClass = css({ px: '4', py: '1', fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' })
const separatorClass = css({ borderColor: 'border', my: '1' })
const itemClass = css({ px: '4', py: '2', cursor: 'pointer', _highlighted: { bg: 'bg.subtle', outline: '2px solid', outlineColor: 'focus' } })

function TriggerFace({ user }: { user: SessionUser }) {
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

export function UserMenu({ user }: { user: SessionUser }) {
  if (!useHydrated()) {
    return (
      <button type="button" aria-haspopup="menu" aria-expanded={false} aria-label={m.user_menu_label({ username: user.username })} className={triggerClass}>
        <TriggerFace user={user} />
      </button>
    )
  }
  return <InteractiveUserMenu user={user} />
}

function InteractiveUserMenu({ user }: { user: SessionUser }) {
  const navigate = useNavigate()
  return (
    <Menu.Root
      lazyMount
      unmountOnExit
      positioning={{ placement: 'bottom-end' }}
      onSelect={(details) => {
        if (details.value === 'logout') void forgetOfflinePages().then(() => navigate({ to: '/logout' }))
      }}
    >
      <Menu.Trigger aria-label={m.user_menu_label({ username: user.username })} className={triggerClass}>
        <TriggerFace user={user} />
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content className={contentClass}>
          <Menu.ItemGroup>
            <Menu.ItemGroupLabel className={groupLabelClass}>
              {m.signed_in_as({ username: user.username })}
              <br />
              {user.company[1]}
            </Menu.ItemGroupLabel>
          </Menu.ItemGroup>
          <Menu.Separator className={separatorClass} />
          <Menu.Item value="logout" className={itemClass}>
            {m.logout()}
          </Menu.Item>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  )
}
