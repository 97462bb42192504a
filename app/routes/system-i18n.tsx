import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { pageHead } from '../features/session/route-guards'
import { TextsRoute } from '../features/translation/texts-route'
import { WORKSPACE_DEFAULTS, workspaceSearch } from '../features/translation/workspace-search'
import { m } from '../../src/paraglide/messages'

// 'System Message Translation' (no login flag: it opens from local data).
export const Route = createFileRoute('/system-i18n')({
  validateSearch: workspaceSearch,
  search: { middlewares: [stripSearchParams(WORKSPACE_DEFAULTS)] },
  head: ({ match }) => pageHead(m.system_i18n_title(), match.context.session),
  component: SystemRoute,
})

function SystemRoute() {
  const { session } = Route.useRouteContext()
  const navigate = Route.useNavigate()
  return (
    <TextsRoute
      scope="system"
      title={() => m.system_i18n_title()}
      session={session}
      search={Route.useSearch()}
      onSearch={(change) => void navigate({ search: (previous) => ({ ...previous, ...change }), replace: true })}
    />
  )
}
