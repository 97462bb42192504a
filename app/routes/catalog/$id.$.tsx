import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { pageHead } from '../../features/session/route-guards'
import { CatalogScreen } from '../../features/translation/catalog-screen'
import { LANGUAGES_DEFAULTS, languagesSearch, nodeIdAndPath, translationAccess } from '../../features/translation/translation-access'
import { m } from '../../../src/paraglide/messages'

// category: /catalog/{id}/{path}, breadcrumbs back to /catalog/{url}.
export const Route = createFileRoute('/catalog/$id/$')({
  params: nodeIdAndPath,
  validateSearch: languagesSearch,
  search: { middlewares: [stripSearchParams(LANGUAGES_DEFAULTS)] },
  head: ({ match }) => pageHead(m.category_title(), match.context.session),
  component: CategoryRoute,
})

function CategoryRoute() {
  const { session } = Route.useRouteContext()
  const navigate = Route.useNavigate()
  const { id, _splat: path } = Route.useParams()
  return (
    <CatalogScreen
      {...translationAccess(session)}
      id={id}
      path={path ?? null}
      search={Route.useSearch()}
      onSearch={(change) => void navigate({ search: (previous) => ({ ...previous, ...change }), replace: true })}
    />
  )
}
