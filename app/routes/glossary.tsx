import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { pageHead } from '../features/session/route-guards'
import { GlossaryScreen } from '../features/translation/glossary-screen'
import { GLOSSARY_DEFAULTS, glossarySearch } from '../features/translation/glossary-search'
import { translationAccess } from '../features/translation/translation-access'
import { m } from '../../src/paraglide/messages'

// The translators' glossary (no login flag: it opens from the device's copy,
// like the other translation screens, and says what is missing to load and change it).
export const Route = createFileRoute('/glossary')({
  validateSearch: glossarySearch,
  search: { middlewares: [stripSearchParams(GLOSSARY_DEFAULTS)] },
  head: ({ match }) => pageHead(m.glossary_title(), match.context.session),
  component: GlossaryRoute,
})

function GlossaryRoute() {
  const { session } = Route.useRouteContext()
  const navigate = Route.useNavigate()
  return (
    <GlossaryScreen
      {...translationAccess(session)}
      search={Route.useSearch()}
      onSearch={(change) => void navigate({ search: (previous) => ({ ...previous, ...change }), replace: true })}
    />
  )
}
