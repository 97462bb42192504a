import { createFileRoute } from '@tanstack/react-router'
import { parentNameQueryOptions } from '../features/companies/company-create.functions'
import { ContactCreateScreen } from '../features/contacts/contact-create-screen'
import { contactsCidSearch } from '../features/contacts/contacts-overview-search'
import { PermissionGate, hasGroup } from '../features/session/permission-gate'
import { pageHead, requireCompany } from '../features/session/route-guards'
import { m } from '../../src/paraglide/messages'

// contacts-create: a new contact of ?cid= (the caller's own company without
// it). CAN_CREATE_CONTACTS; the dealer-admin flag only for a dealer admin.
export const Route = createFileRoute('/create-contact')({
  validateSearch: contactsCidSearch,
  beforeLoad: ({ context, location, search }) => requireCompany(context.session, location.href, search.cid),
  loader: async ({ context }) => {
    if (hasGroup(context.session, 'CAN_CREATE_CONTACTS')) await context.queryClient.prefetchQuery(parentNameQueryOptions(context.companyId))
  },
  head: ({ match }) => pageHead(m.contacts_ui_create_title(), match.context.session),
  component: CreateContactRoute,
})

function CreateContactRoute() {
  const { session, companyId } = Route.useRouteContext()
  const dealerAdmin = hasGroup(session, 'IS_DEALER_ADMIN')
  return (
    <PermissionGate session={session} permission="CAN_CREATE_CONTACTS" title={m.contacts_ui_create_title()}>
      <ContactCreateScreen
        key={companyId}
        cid={companyId}
        companyQuery={parentNameQueryOptions(companyId)}
        canGrantDealerAdmin={dealerAdmin}
        canSeeContacts={dealerAdmin}
      />
    </PermissionGate>
  )
}
