import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { pageHead } from '../features/session/route-guards'
import { TextsRoute } from '../features/translation/texts-route'
import { WORKSPACE_DEFAULTS, workspaceSearch } from '../features/translation/workspace-search'
import { m } from '../../src/paraglide/messages'

// Article description master texts (no login flag: it opens from local data).
export const Route = createFileRoute('/vartext')({
  validateSearch: workspaceSearch,
  search: { middlewares: [stripSearchParams(WORKSPACE_DEFAULTS)] },
  head: ({ match }) => pageHead(m.vartext_title(), match.context.session),
  component: VartextRoute,
})

function VartextRoute() {
  const { session } = Route.useRouteContext()
  const navigate = Route.useNavigate()
  return (
    <TextsRoute
      scope="vartext"
      title={() => m.vartext_title()}
      session={session}
      search={Route.useSearch()}
      onSearch={(change) => void navigate({ search: (previous) => ({ ...previous, ...change }), replace: true })}
    />
  )
}
