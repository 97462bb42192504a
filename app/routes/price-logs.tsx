import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { useCallback } from 'react'
import { PRICE_LOGS_DEFAULTS, logsQuery, priceLogsSearch, type PriceLogsSearch } from '../features/prices/price-log-search'
import { PriceLogsScreen } from '../features/prices/price-logs-screen'
import { priceLogsQueryOptions } from '../features/prices/price-logs.functions'
import { PermissionGate, hasGroup } from '../features/session/permission-gate'
import { pageHead, requireLogin } from '../features/session/route-guards'
import { m } from '../../src/paraglide/messages'

// price-overview: page, sort and the five filters in the URL.
export const Route = createFileRoute('/price-logs')({
  validateSearch: priceLogsSearch,
  search: { middlewares: [stripSearchParams(PRICE_LOGS_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  beforeLoad: ({ context, location }) => {
    requireLogin(context.session, location.href)
  },
  loader: async ({ context, deps }) => {
    if (hasGroup(context.session, 'SEE_PRICELOGS')) await context.queryClient.prefetchQuery(priceLogsQueryOptions(logsQuery(deps)))
  },
  // The menu's word (the same in both languages): one message less in the route tree.
  head: ({ match }) => pageHead(m.menu_price_logs(), match.context.session),
  component: PriceLogsRoute,
})

function PriceLogsRoute() {
  const { session } = Route.useRouteContext()
  const navigate = Route.useNavigate()
  const onSearch = useCallback(
    (change: Partial<PriceLogsSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }), replace: !('page' in change && Object.keys(change).length === 1) }),
    [navigate],
  )
  return (
    <PermissionGate session={session} permission="SEE_PRICELOGS" title={m.price_logs_title()}>
      <PriceLogsScreen search={Route.useSearch()} onSearch={onSearch} />
    </PermissionGate>
  )
}
