import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { PermissionGate } from '../features/session/permission-gate'
import { pageHead, requireLogin } from '../features/session/route-guards'
import { SwitchUserScreen } from '../features/session/switch-user-screen'
import { switchUserSearch } from '../features/session/switch-user-search'
import { m } from '../../src/paraglide/messages'

// switch-user; ?email= fills the field (manage-users links here).
export const Route = createFileRoute('/switch-user')({
  validateSearch: switchUserSearch,
  search: { middlewares: [stripSearchParams({ email: '' })] },
  beforeLoad: ({ context, location }) => {
    requireLogin(context.session, location.href)
  },
  head: ({ match }) => pageHead(m.switch_user_title(), match.context.session),
  component: SwitchUserRoute,
})

function SwitchUserRoute() {
  const { session } = Route.useRouteContext()
  const { email } = Route.useSearch()
  return (
    <PermissionGate session={session} permission="MANAGE_USERS" title={m.switch_user_title()}>
      <SwitchUserScreen email={email} />
    </PermissionGate>
  )
}
