import { createFileRoute } from '@tanstack/react-router'
import { ChangeParentScreen } from '../features/companies/change-parent-screen'
import { setParentQueryOptions } from '../features/companies/change-parent.functions'
import { PermissionGate, hasGroup } from '../features/session/permission-gate'
import { pageHead, requireLogin } from '../features/session/route-guards'
import { cidSearch } from '../ui/cid-search'
import { m } from '../../src/paraglide/messages'

// change-parent, reached from my-company: ?cid= is the company to move.
export const Route = createFileRoute('/change-parent')({
  validateSearch: cidSearch,
  loaderDeps: ({ search }) => search,
  beforeLoad: ({ context, location }) => {
    requireLogin(context.session, location.href)
  },
  loader: async ({ context, deps }) => {
    // A refusal (own company, out of scope) is shown by the screen, not thrown here.
    if (deps.cid !== null && hasGroup(context.session, 'CAN_CREATE_COMPANIES'))
      await context.queryClient.prefetchQuery(setParentQueryOptions(deps.cid)).catch(() => undefined)
  },
  head: ({ match }) => pageHead(m.change_parent_title(), match.context.session),
  component: ChangeParentRoute,
})

function ChangeParentRoute() {
  const { session } = Route.useRouteContext()
  const { cid } = Route.useSearch()
  return (
    <PermissionGate session={session} permission="CAN_CREATE_COMPANIES" title={m.change_parent_title()}>
      <ChangeParentScreen key={cid} cid={cid} />
    </PermissionGate>
  )
}
