import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { pageHead } from '../../features/session/route-guards'
import { CatalogScreen } from '../../features/translation/catalog-screen'
import { LANGUAGES_DEFAULTS, languagesSearch, nodeId, translationAccess } from '../../features/translation/translation-access'
import { m } from '../../../src/paraglide/messages'

// catalog: one catalogue, its categories and their labels.
export const Route = createFileRoute('/catalog/$id/')({
  params: nodeId,
  validateSearch: languagesSearch,
  search: { middlewares: [stripSearchParams(LANGUAGES_DEFAULTS)] },
  head: ({ match }) => pageHead(m.catalog_title(), match.context.session),
  component: CatalogRoute,
})

function CatalogRoute() {
  const { session } = Route.useRouteContext()
  const navigate = Route.useNavigate()
  const { id } = Route.useParams()
  return (
    <CatalogScreen
      {...translationAccess(session)}
      id={id}
      path={null}
      search={Route.useSearch()}
      onSearch={(change) => void navigate({ search: (previous) => ({ ...previous, ...change }), replace: true })}
    />
  )
}
