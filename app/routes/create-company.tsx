import { createFileRoute } from '@tanstack/react-router'
import { CompanyCreateScreen } from '../features/companies/company-create-screen'
import { PermissionGate } from '../features/session/permission-gate'
import { pageHead, requireLogin } from '../features/session/route-guards'
import { cidSearch } from '../ui/cid-search'
import { m } from '../../src/paraglide/messages'

// company-create: a sub-company below ?cid=.
export const Route = createFileRoute('/create-company')({
  validateSearch: cidSearch,
  beforeLoad: ({ context, location }) => {
    requireLogin(context.session, location.href)
  },
  head: ({ match }) => pageHead(m.company_create_title(), match.context.session),
  component: CreateCompanyRoute,
})

function CreateCompanyRoute() {
  const { session } = Route.useRouteContext()
  const { cid } = Route.useSearch()
  return (
    <PermissionGate session={session} permission="CAN_CREATE_COMPANIES" title={m.company_create_title()}>
      <CompanyCreateScreen key={cid} cid={cid} />
    </PermissionGate>
  )
}
