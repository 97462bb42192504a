import type { ReactNode } from 'react'
import type { Permission } from '../../../src/domain/permissions'
import { m } from '../../../src/paraglide/messages'
import { Notice, Page, headingClass } from '../../ui/page'
import type { PortalSession } from '../../../src/contract/session'

// A signed-in user without the screen's permission group gets a clear notice instead of
// the screen (the server refuses the calls regardless).
export function hasGroup(session: PortalSession, permission: Permission): boolean {
  return session.user?.groups.includes(permission) ?? false
}

export function PermissionGate({
  session,
  permission,
  title,
  children,
}: {
  session: PortalSession
  permission: Permission
  title: string
  children: ReactNode
}) {
  if (hasGroup(session, permission)) return children
  return (
    <Page>
      <h1 className={headingClass}>{title}</h1>
      <Notice tone="warning" role="alert">
        {m.page_not_allowed()}
      </Notice>
    </Page>
  )
}
