import { Link, useRouter } from '@tanstack/react-router'
import type { MouseEvent, ReactNode } from 'react'
import type { SessionUser } from '../../../src/contract/session'
import type { MenuEntry } from './menu'

// A menu entry as a link: a portal route (the companies tree at the user's own company), or a
// link whose address the spec writes out (`/overview-contacts/?cid=…`, trailing slash and all).
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
  if (entry.to === undefined) return <SpecLink href={entry.href(user)} className={className} onClick={onClick} label={children} />
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

/**
 * The spec's own address as the link's href (what a user copies or opens in a new tab), moved
 * to inside the app like a router link: its screen's code and data are preloaded on intent
 * (pointer over, focus, touch), and a plain click navigates without reloading the page.
 */
function SpecLink({ href, className, onClick, label }: { href: string; className: string; onClick?: () => void; label: ReactNode }) {
  const router = useRouter()
  // The router builds the location from `href` as navigate does (its types ask for `to`).
  const preload = () => void router.preloadRoute({ href } as Parameters<typeof router.preloadRoute>[0]).catch(() => undefined)
  const navigate = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.()
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    void router.navigate({ href })
  }
  return (
    <a href={href} className={className} onClick={navigate} onMouseEnter={preload} onFocus={preload} onTouchStart={preload}>
      {label}
    </a>
  )
}
