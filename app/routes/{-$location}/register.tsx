import { createFileRoute } from '@tanstack/react-router'
import { RegisterScreen } from '../../features/session/register-screen'
import { checkLocation, pageHead } from '../../features/session/route-guards'
import { m } from '../../../src/paraglide/messages'

// register-contact: registration step 1.
export const Route = createFileRoute('/{-$location}/register')({
  beforeLoad: ({ params }) => checkLocation(params.location),
  head: ({ match }) => pageHead(m.register_title(), match.context.session),
  component: RegisterRoute,
})

function RegisterRoute() {
  const { session } = Route.useRouteContext()
  return <RegisterScreen session={session} />
}
