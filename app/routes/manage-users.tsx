import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { useCallback } from 'react'
import { contactListQueryOptions } from '../features/contacts/contacts.functions'
import { MANAGE_USERS_DEFAULTS, manageUsersSearch, type ManageUsersSearch } from '../features/contacts/manage-users-search'
import { ManageUsersScreen } from '../features/contacts/manage-users-screen'
import { PermissionGate, hasGroup } from '../features/session/permission-gate'
import { pageHead, requireLogin } from '../features/session/route-guards'
import { m } from '../../src/paraglide/messages'

// manage-users: e-mail filter, active/inactive, sort and page in the URL.
export const Route = createFileRoute('/manage-users')({
  validateSearch: manageUsersSearch,
  search: { middlewares: [stripSearchParams(MANAGE_USERS_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  beforeLoad: ({ context, location }) => {
    requireLogin(context.session, location.href)
  },
  loader: async ({ context, deps }) => {
    if (hasGroup(context.session, 'MANAGE_USERS')) await context.queryClient.prefetchQuery(contactListQueryOptions(deps))
  },
  head: ({ match }) => pageHead(m.users_title(), match.context.session),
  component: ManageUsersRoute,
})

function ManageUsersRoute() {
  const { session } = Route.useRouteContext()
  const navigate = Route.useNavigate()
  const onSearch = useCallback(
    (change: Partial<ManageUsersSearch>) => void navigate({ search: (previous) => ({ ...previous, ...change }), replace: 'email' in change }),
    [navigate],
  )
  return (
    <PermissionGate session={session} permission="MANAGE_USERS" title={m.users_title()}>
      <ManageUsersScreen
        search={Route.useSearch()}
        onSearch={onSearch}
        canChangePassword={hasGroup(session, 'CAN_CHANGE_PASSWORD')}
        selfId={session.user?.id}
      />
    </PermissionGate>
  )
}
