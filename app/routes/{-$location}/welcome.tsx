import { createFileRoute } from '@tanstack/react-router'
import { WelcomeScreen } from '../../features/shell/welcome-screen'
import { checkLocation, pageHead } from '../../features/session/route-guards'
import { m } from '../../../src/paraglide/messages'

export const Route = createFileRoute('/{-$location}/welcome')({
  beforeLoad: ({ params }) => checkLocation(params.location),
  head: ({ match }) => pageHead(m.welcome_title(), match.context.session),
  component: WelcomeRoute,
})

function WelcomeRoute() {
  const { session } = Route.useRouteContext()
  return <WelcomeScreen session={session} />
}
