import { useLocation } from '@tanstack/react-router'
import type { PortalSession } from '../session/session.functions'
import { TextsWorkspace } from './texts-workspace'
import type { Scope } from './local-store'
import type { WorkspaceSearch } from './workspace-search'

// What the vartext and system-i18n routes share: who may load and save, and where login is.
export function TextsRoute({ scope, title, session, search, onSearch }: {
  scope: Scope
  title: () => string
  session: PortalSession
  search: WorkspaceSearch
  onSearch: (change: Partial<WorkspaceSearch>) => void
}) {
  const location = useLocation()
  const user = session.user
  return (
    <TextsWorkspace
      scope={scope}
      title={title}
      search={search}
      canTranslate={user?.groups.includes('CAN_TRANSLATE') ?? false}
      loginHref={`/?redirect=${encodeURIComponent(location.href)}`}
      onSearch={onSearch}
    />
  )
}
