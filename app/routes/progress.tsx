import { createFileRoute } from '@tanstack/react-router'
import { hasGroup } from '../features/session/permission-gate'
import { pageHead } from '../features/session/route-guards'
import { progressQueryOptions } from '../features/translation/progress.functions'
import { ProgressScreen } from '../features/translation/progress-screen'
import { translationAccess } from '../features/translation/translation-access'
import { m } from '../../src/paraglide/messages'

// The translation progress of every area and language (docs/decisions/049): like the other
// translation screens it opens without a login and says what is missing to load it.
export const Route = createFileRoute('/progress')({
  loader: async ({ context }) => {
    if (hasGroup(context.session, 'CAN_TRANSLATE')) await context.queryClient.prefetchQuery(progressQueryOptions())
  },
  head: ({ match }) => pageHead(m.progress_title(), match.context.session),
  component: ProgressRoute,
})

function ProgressRoute() {
  const { session } = Route.useRouteContext()
  return <ProgressScreen {...translationAccess(session)} />
}
