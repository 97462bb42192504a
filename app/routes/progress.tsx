import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../features/session/route-guards'
import { ProgressScreen } from '../features/translation/progress-screen'
import { translationAccess } from '../features/translation/translation-access'
import { m } from '../../src/paraglide/messages'

// The translation progress of every area and language (docs/decisions/049): like the other
// translation screens it opens without a login and says what is missing to load it.
// The data loads in the browser (no loader): a route's loader sits in every page's first load.
export const Route = createFileRoute('/progress')({
  head: ({ match }) => pageHead(m.menu_progress(), match.context.session),
  component: ProgressRoute,
})

function ProgressRoute() {
  const { session } = Route.useRouteContext()
  return <ProgressScreen {...translationAccess(session)} />
}
