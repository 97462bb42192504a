import { createFileRoute } from '@tanstack/react-router'
import { DeliveryOverviewScreen } from '../../features/delivery/delivery-overview-screen'
import { deliverySearch } from '../../features/delivery/delivery-search'
import { loadDeliveryList } from '../../features/delivery/delivery-route'
import { hasGroup } from '../../features/session/permission-gate'
import { checkLocation, pageHead, requireCompany } from '../../features/session/route-guards'
import { m } from '../../../src/paraglide/messages'

// delivery-overview: the addresses of ?cid= (the caller's own company without
// it), loaded again on every visit. A cid that names no record is the not-found page; one
// outside the caller's scope is the screen's error.
export const Route = createFileRoute('/{-$location}/overview-delivery')({
  validateSearch: deliverySearch,
  loaderDeps: ({ search }) => ({ cid: search.cid }),
  beforeLoad: ({ context, location, params, search }) => {
    checkLocation(params.location)
    return requireCompany(context.session, location.href, search.cid)
  },
  loader: ({ context }) => loadDeliveryList(context, true),
  head: ({ match }) => pageHead(m.delivery_ui_overview_title(), match.context.session),
  component: OverviewDeliveryRoute,
})

function OverviewDeliveryRoute() {
  const { companyId, session } = Route.useRouteContext()
  const { cid } = Route.useSearch()
  return <DeliveryOverviewScreen key={companyId} cid={companyId} linkCid={cid} trail={hasGroup(session, 'IS_DEALER_ADMIN')} />
}
