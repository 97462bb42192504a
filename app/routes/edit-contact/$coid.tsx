import { createFileRoute } from '@tanstack/react-router'
import { parseRecordId } from '../../../src/contract/record-id'
import { m } from '../../../src/paraglide/messages'
import { contactDetailQueryOptions } from '../../features/contacts/company-contacts.functions'
import { ContactEditScreen } from '../../features/contacts/contact-edit-screen'
import { PermissionGate, hasGroup } from '../../features/session/permission-gate'
import { pageHead, requireLogin } from '../../features/session/route-guards'

// contact-edit: {coid} is the contact's id; one that names no record matches no
// route (the not-found page). IS_DEALER_ADMIN; the change-password button with CAN_CHANGE_PASSWORD.
export const Route = createFileRoute('/edit-contact/$coid')({
  params: {
    parse: (raw) => {
      const coid = parseRecordId(raw.coid)
      return coid === null ? false : { coid }
    },
    stringify: (params) => ({ coid: String(params.coid) }),
  },
  beforeLoad: ({ context, location }) => {
    requireLogin(context.session, location.href)
  },
  loader: async ({ context, params }) => {
    if (hasGroup(context.session, 'IS_DEALER_ADMIN')) await context.queryClient.prefetchQuery(contactDetailQueryOptions(params.coid))
  },
  head: ({ match }) => pageHead(m.contacts_ui_edit_title(), match.context.session),
  component: EditContactRoute,
})

function EditContactRoute() {
  const { session } = Route.useRouteContext()
  const { coid } = Route.useParams()
  return (
    <PermissionGate session={session} permission="IS_DEALER_ADMIN" title={m.contacts_ui_edit_title()}>
      <ContactEditScreen key={coid} coid={coid} canChangePassword={hasGroup(session, 'CAN_CHANGE_PASSWORD')} />
    </PermissionGate>
  )
}
