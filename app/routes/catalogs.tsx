import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { pageHead } from '../features/session/route-guards'
import { CatalogListScreen } from '../features/translation/catalog-list-screen'
import { LANGUAGES_DEFAULTS, languagesSearch, translationAccess } from '../features/translation/translation-access'
import { m } from '../../src/paraglide/messages'

// catalog-list (spec section 2; no login flag: it opens from the device's copy).
export const Route = createFileRoute('/catalogs')({
  validateSearch: languagesSearch,
  search: { middlewares: [stripSearchParams(LANGUAGES_DEFAULTS)] },
  head: ({ match }) => pageHead(m.catalogs_title(), match.context.session),
  component: CatalogsRoute,
})

function CatalogsRoute() {
  const { session } = Route.useRouteContext()
  const navigate = Route.useNavigate()
  return (
    <CatalogListScreen
      {...translationAccess(session)}
      search={Route.useSearch()}
      onSearch={(change) => void navigate({ search: (previous) => ({ ...previous, ...change }), replace: true })}
    />
  )
}
