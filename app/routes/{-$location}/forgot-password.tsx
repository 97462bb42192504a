import { createFileRoute } from '@tanstack/react-router'
import { ForgotPasswordScreen } from '../../features/session/forgot-password-screen'
import { checkLocation, pageHead } from '../../features/session/route-guards'
import { m } from '../../../src/paraglide/messages'

// password-forgot: the form that mails a link to set a new password.
export const Route = createFileRoute('/{-$location}/forgot-password')({
  beforeLoad: ({ params }) => checkLocation(params.location),
  head: ({ match }) => pageHead(m.forgot_title(), match.context.session),
  component: ForgotPasswordScreen,
})
