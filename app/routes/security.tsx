import { createFileRoute } from '@tanstack/react-router'
import { SecurityScreen } from '../features/security/security-screen'
import { secondFactorQueryOptions, sessionsQueryOptions, signInsQueryOptions } from '../features/security/security.functions'
import { pageHead, requireLogin } from '../features/session/route-guards'
import { m } from '../../src/paraglide/messages'

// The Security page, for every signed-in user: sessions, second factor, recent sign-ins.
export const Route = createFileRoute('/security')({
  beforeLoad: ({ context, location }) => ({ user: requireLogin(context.session, location.href) }),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.prefetchQuery(sessionsQueryOptions()),
      context.queryClient.prefetchQuery(secondFactorQueryOptions()),
      context.queryClient.prefetchQuery(signInsQueryOptions()),
    ]),
  // The menu's word: one message less in the route tree, which every page loads first.
  head: ({ match }) => pageHead(m.menu_security(), match.context.session),
  component: SecurityRoute,
})

function SecurityRoute() {
  const { user, session } = Route.useRouteContext()
  return <SecurityScreen username={user.username} site={session.site.title} />
}
