import { createFileRoute } from '@tanstack/react-router'
import { RegisterCompanyScreen } from '../../../features/companies/register-company-screen'
import { checkLocation, pageHead } from '../../../features/session/route-guards'
import { m } from '../../../../src/paraglide/messages'

// register-company: registration step 2, from the mailed link.
export const Route = createFileRoute('/{-$location}/register-company/$token')({
  beforeLoad: ({ params }) => checkLocation(params.location),
  head: ({ match }) => pageHead(m.register_company_title(), match.context.session),
  component: RegisterCompanyRoute,
})

function RegisterCompanyRoute() {
  const { token } = Route.useParams()
  return <RegisterCompanyScreen token={token} />
}
