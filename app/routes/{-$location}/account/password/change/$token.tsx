import { createFileRoute } from '@tanstack/react-router'
import { PasswordResetScreen } from '../../../../../features/session/password-reset-screen'
import { checkLocation, pageHead } from '../../../../../features/session/route-guards'
import { m } from '../../../../../../src/paraglide/messages'

// password-reset: the token comes from the mailed link; the server judges it.
export const Route = createFileRoute('/{-$location}/account/password/change/$token')({
  beforeLoad: ({ params }) => checkLocation(params.location),
  head: ({ match }) => pageHead(m.reset_title(), match.context.session),
  component: PasswordResetRoute,
})

function PasswordResetRoute() {
  const { token } = Route.useParams()
  return <PasswordResetScreen token={token} />
}
