import type { PortalSession } from '../../../src/contract/session'
import { TextsWorkspace } from './texts-workspace'
import type { Scope } from './local-store'
import { translationAccess } from './translation-access'
import type { WorkspaceSearch } from './workspace-search'

// What the vartext and system-i18n routes share: who may load and save.
export function TextsRoute({
  scope,
  title,
  session,
  search,
  onSearch,
}: {
  scope: Scope
  title: () => string
  session: PortalSession
  search: WorkspaceSearch
  onSearch: (change: Partial<WorkspaceSearch>) => void
}) {
  const { access } = translationAccess(session)
  return <TextsWorkspace scope={scope} title={title} search={search} access={access} onSearch={onSearch} />
}
