import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { SessionUser } from '../../../src/contract/session'
import type { MenuEntry } from './menu'

// A menu entry as a link: a portal route (the companies tree at the user's own company), or a
// plain link to a screen another area serves.
export function MenuLink({
  entry,
  user,
  className,
  onClick,
  children,
}: {
  entry: MenuEntry
  user: SessionUser
  className: string
  onClick?: () => void
  children: ReactNode
}) {
  if (entry.to === undefined)
    return (
      <a href={entry.href(user)} className={className} onClick={onClick}>
        {children}
      </a>
    )
  if (entry.to === '/companies/$cid')
    return (
      <Link to="/companies/$cid" params={{ cid: user.company[0] }} search={{ search: '' }} className={className} onClick={onClick}>
        {children}
      </Link>
    )
  return (
    <Link to={entry.to} className={className} onClick={onClick}>
      {children}
    </Link>
  )
}
