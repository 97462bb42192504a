import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { useCallback } from 'react'
import { companyContactsQueryOptions } from '../features/contacts/company-contacts.functions'
import { ACTIVE_PARAM, CONTACTS_OVERVIEW_DEFAULTS, contactsOverviewSearch, type ContactsOverviewSearch } from '../features/contacts/contacts-overview-search'
import { ContactsOverviewScreen } from '../features/contacts/contacts-overview-screen'
import { PermissionGate, hasGroup } from '../features/session/permission-gate'
import { pageHead, requireCompany } from '../features/session/route-guards'
import { m } from '../../src/paraglide/messages'

// contacts-overview: the contacts of ?cid= (the caller's own company without
// it); which ones, the search and the page in the URL. IS_DEALER_ADMIN only.
export const Route = createFileRoute('/overview-contacts')({
  validateSearch: contactsOverviewSearch,
  search: { middlewares: [stripSearchParams(CONTACTS_OVERVIEW_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  beforeLoad: ({ context, location, search }) => requireCompany(context.session, location.href, search.cid),
  loader: async ({ context, deps }) => {
    if (!hasGroup(context.session, 'IS_DEALER_ADMIN')) return
    await context.queryClient.prefetchQuery(
      companyContactsQueryOptions({ id: context.companyId, active: ACTIVE_PARAM[deps.show], search: deps.search, page: deps.page }),
    )
  },
  head: ({ match }) => pageHead(m.contacts_ui_overview_title(), match.context.session),
  component: OverviewContactsRoute,
})

function OverviewContactsRoute() {
  const { session, companyId } = Route.useRouteContext()
  const navigate = Route.useNavigate()
  const onSearch = useCallback(
    (change: Partial<ContactsOverviewSearch>) => void navigate({ search: (previous) => ({ ...previous, ...change }), replace: 'search' in change }),
    [navigate],
  )
  return (
    <PermissionGate session={session} permission="IS_DEALER_ADMIN" title={m.contacts_ui_overview_title()}>
      <ContactsOverviewScreen
        key={companyId}
        cid={companyId}
        search={Route.useSearch()}
        onSearch={onSearch}
        canCreate={hasGroup(session, 'CAN_CREATE_CONTACTS')}
        trail={hasGroup(session, 'IS_DEALER_ADMIN')}
      />
    </PermissionGate>
  )
}
