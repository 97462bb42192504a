import type { SessionUser } from '../../../src/contract/session'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { sideMenuFrameClass } from './chrome-classes'
import { menuFor } from './menu'
import { MenuLink } from './menu-link'

// The menu only a signed-in user has: the side menu by permission, and its entries in the phone's
// menu. The layout loads this module when a user is signed in (the server renders it as before),
// so the public pages — home, login, register — do not fetch the menu's entries and their labels
// (docs/decisions/035-page-weight.md). Its links are plain links until it is there.

const sideLink = css({
  display: 'flex',
  alignItems: 'center',
  minH: '10',
  px: '3',
  borderRadius: 'control',
  color: 'fg',
  textDecoration: 'none',
  _hover: { bg: 'bg.subtle' },
  '&[data-status=active]': { bg: 'bg.subtle', fontWeight: 'semibold', borderLeft: '4px solid', borderColor: 'accent' },
})

/** The side menu of wide screens; an empty column for a user whom no entry is shown to. */
export function SideMenu({ user }: { user: SessionUser }) {
  const entries = menuFor(user)
  if (entries.length === 0) return <div aria-hidden="true" className={sideMenuFrameClass} />
  return (
    <nav aria-label={m.side_menu_label()} className={sideMenuFrameClass}>
      <ul className={css({ display: 'grid', gap: '1', listStyle: 'none' })}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <MenuLink entry={entry} user={user} className={sideLink}>
              {entry.label()}
            </MenuLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** The same entries in the phone's menu, styled as the navbar's links; a pick closes the menu. */
export function PhoneMenuEntries({ user, className, onPick }: { user: SessionUser; className: string; onPick: () => void }) {
  return menuFor(user).map((entry) => (
    <MenuLink key={entry.id} entry={entry} user={user} className={className} onClick={onPick}>
      {entry.label()}
    </MenuLink>
  ))
}
