import { createFileRoute } from '@tanstack/react-router'
import { OrderResetScreen } from '../features/orders/order-reset-screen'
import { PermissionGate } from '../features/session/permission-gate'
import { pageHead, requireLogin } from '../features/session/route-guards'
import { m } from '../../src/paraglide/messages'

export const Route = createFileRoute('/order-reset')({
  beforeLoad: ({ context, location }) => {
    requireLogin(context.session, location.href)
  },
  // The menu's word (the same in both languages): one message less in the route tree.
  head: ({ match }) => pageHead(m.menu_order_reset(), match.context.session),
  component: OrderResetRoute,
})

function OrderResetRoute() {
  const { session } = Route.useRouteContext()
  return (
    <PermissionGate session={session} permission="CAN_APPROVE_ORDER" title={m.order_reset_title()}>
      <OrderResetScreen />
    </PermissionGate>
  )
}
