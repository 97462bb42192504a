import { createFileRoute } from '@tanstack/react-router'
import { DeliveryCreateScreen } from '../../features/delivery/delivery-create-screen'
import { deliverySearch } from '../../features/delivery/delivery-search'
import { loadDeliveryList } from '../../features/delivery/delivery-route'
import { checkLocation, pageHead, requireCompany } from '../../features/session/route-guards'
import { m } from '../../../src/paraglide/messages'

// delivery-create: a new address of ?cid= (the caller's own company without it).
export const Route = createFileRoute('/{-$location}/create-delivery')({
  validateSearch: deliverySearch,
  loaderDeps: ({ search }) => ({ cid: search.cid }),
  beforeLoad: ({ context, location, params, search }) => {
    checkLocation(params.location)
    return requireCompany(context.session, location.href, search.cid)
  },
  loader: ({ context }) => loadDeliveryList(context, false),
  head: ({ match }) => pageHead(m.delivery_ui_create_title(), match.context.session),
  component: CreateDeliveryRoute,
})

function CreateDeliveryRoute() {
  const { companyId } = Route.useRouteContext()
  const { cid } = Route.useSearch()
  return <DeliveryCreateScreen key={companyId} cid={companyId} linkCid={cid} />
}
