import { createFileRoute } from '@tanstack/react-router'
import { LoginScreen } from '../features/session/login-screen'
import { homeSearch } from '../features/session/home-search'
import { pageHead } from '../features/session/route-guards'
import { m } from '../../src/paraglide/messages'

// The test login: allowed while test login is on, even when the normal login is off.
export const Route = createFileRoute('/test-login')({
  validateSearch: homeSearch,
  head: ({ match }) => pageHead(m.test_login_heading(), match.context.session),
  component: TestLoginRoute,
})

function TestLoginRoute() {
  const { session } = Route.useRouteContext()
  const { redirect } = Route.useSearch()
  return <LoginScreen session={session} redirectTo={redirect} test />
}
