import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { pageHead } from '../features/session/route-guards'
import { CatalogListScreen } from '../features/translation/catalog-list-screen'
import { LANGUAGES_DEFAULTS, languagesSearch, translationAccess } from '../features/translation/translation-access'
import { m } from '../../src/paraglide/messages'

// catalog-list (no login flag: it opens from the device's copy).
export const Route = createFileRoute('/catalogs')({
  validateSearch: languagesSearch,
  search: { middlewares: [stripSearchParams(LANGUAGES_DEFAULTS)] },
  // The menu's word (the same in both languages): one message less in the route tree.
  head: ({ match }) => pageHead(m.menu_catalogs(), match.context.session),
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
