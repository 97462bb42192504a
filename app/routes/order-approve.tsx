import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { useCallback } from 'react'
import { APPROVE_DEFAULTS, approveSearch, type ApproveSearch } from '../features/orders/approve-search'
import { OrderApproveScreen } from '../features/orders/order-approve-screen'
import { basketListQueryOptions } from '../features/orders/orders.functions'
import { PermissionGate, hasGroup } from '../features/session/permission-gate'
import { pageHead, requireLogin } from '../features/session/route-guards'
import { m } from '../../src/paraglide/messages'

// order-approve: tab, filter, sort, page and a preselected basket in the URL.
export const Route = createFileRoute('/order-approve')({
  validateSearch: approveSearch,
  search: { middlewares: [stripSearchParams(APPROVE_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  beforeLoad: ({ context, location }) => {
    requireLogin(context.session, location.href)
  },
  loader: async ({ context, deps }) => {
    if (hasGroup(context.session, 'CAN_APPROVE_ORDER')) await context.queryClient.prefetchQuery(basketListQueryOptions(deps))
  },
  // The menu's word (the same in both languages): one message less in the route tree.
  head: ({ match }) => pageHead(m.menu_order_approve(), match.context.session),
  component: OrderApproveRoute,
})

function OrderApproveRoute() {
  const { session } = Route.useRouteContext()
  const navigate = Route.useNavigate()
  const onSearch = useCallback(
    (change: Partial<ApproveSearch>) => void navigate({ search: (previous) => ({ ...previous, ...change }), replace: 'number' in change }),
    [navigate],
  )
  return (
    <PermissionGate session={session} permission="CAN_APPROVE_ORDER" title={m.orders_title()}>
      <OrderApproveScreen search={Route.useSearch()} onSearch={onSearch} />
    </PermissionGate>
  )
}
