import { createFileRoute } from '@tanstack/react-router'
import { AdminScreen } from '../features/shell/admin-screen'
import { pageHead, requireLogin } from '../features/session/route-guards'
import { m } from '../../src/paraglide/messages'

export const Route = createFileRoute('/admin')({
  beforeLoad: ({ context, location }) => ({ user: requireLogin(context.session, location.href) }),
  head: ({ match }) => pageHead(m.admin_title(), match.context.session),
  component: AdminRoute,
})

function AdminRoute() {
  const { user } = Route.useRouteContext()
  return <AdminScreen user={user} />
}
