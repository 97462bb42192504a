import { createFileRoute } from '@tanstack/react-router'
import { OfflineScreen } from '../features/shell/offline-screen'
import { pageHead } from '../features/session/route-guards'
import { m } from '../../src/paraglide/messages'

// The offline shell: the service worker precaches it and shows it for pages never opened
// before while there is no connection.
export const Route = createFileRoute('/offline')({
  head: ({ match }) => pageHead(m.offline_title(), match.context.session),
  component: OfflineScreen,
})
