import { createFileRoute, redirect } from '@tanstack/react-router'
import { LoginScreen } from '../../features/session/login-screen'
import { homeSearch } from '../../features/session/home-search'
import { checkLocation, pageHead } from '../../features/session/route-guards'
import { m } from '../../../src/paraglide/messages'

export const Route = createFileRoute('/{-$location}/login')({
  validateSearch: homeSearch,
  beforeLoad: ({ context, params, search }) => {
    checkLocation(params.location)
    // Already signed in: home sends the user on.
    if (context.session.user) throw redirect({ to: '/', search: { redirect: search.redirect } })
  },
  head: ({ match }) => pageHead(m.login_heading(), match.context.session),
  component: LoginRoute,
})

function LoginRoute() {
  const { session } = Route.useRouteContext()
  const { redirect: redirectTo } = Route.useSearch()
  return <LoginScreen session={session} redirectTo={redirectTo} />
}
