import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { useCallback } from 'react'
import { PriceDetailScreen } from '../../features/prices/price-detail-screen'
import { PRICE_DETAIL_DEFAULTS, priceDetailSearch, type PriceDetailSearch } from '../../features/prices/price-log-search'
import { priceLogQueryOptions } from '../../features/prices/price-logs.functions'
import { PermissionGate, hasGroup } from '../../features/session/permission-gate'
import { pageHead, requireLogin } from '../../features/session/route-guards'
import { m } from '../../../src/paraglide/messages'
import { parseRecordId } from '../../../src/contract/record-id'

// price-detail: the rows of one price log; {pid} is the log's id. A {pid}
// that names no log matches no route: the not-found page (404), not a route error.

export const Route = createFileRoute('/detail-price/$pid')({
  params: {
    parse: (raw) => {
      const pid = parseRecordId(raw.pid)
      return pid === null ? false : { pid }
    },
    stringify: (params) => ({ pid: String(params.pid) }),
  },
  validateSearch: priceDetailSearch,
  search: { middlewares: [stripSearchParams(PRICE_DETAIL_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  beforeLoad: ({ context, location }) => {
    requireLogin(context.session, location.href)
  },
  loader: async ({ context, deps, params }) => {
    if (hasGroup(context.session, 'SEE_PRICELOGS'))
      await context.queryClient.prefetchQuery(priceLogQueryOptions({ id: params.pid, page: deps.page, sort: deps.sort }))
  },
  head: ({ match, params }) => pageHead(m.price_detail_title({ id: String(params.pid) }), match.context.session),
  component: PriceDetailRoute,
})

function PriceDetailRoute() {
  const { session } = Route.useRouteContext()
  const { pid: id } = Route.useParams()
  const navigate = Route.useNavigate()
  const onSearch = useCallback((change: Partial<PriceDetailSearch>) => void navigate({ search: (previous) => ({ ...previous, ...change }) }), [navigate])
  return (
    <PermissionGate session={session} permission="SEE_PRICELOGS" title={m.price_detail_title({ id: String(id) })}>
      <PriceDetailScreen pid={id} search={Route.useSearch()} onSearch={onSearch} />
    </PermissionGate>
  )
}
