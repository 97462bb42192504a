import { createFileRoute } from '@tanstack/react-router'
import { DeliveryEditScreen } from '../../features/delivery/delivery-edit-screen'
import { deliveryEditSearch } from '../../features/delivery/delivery-search'
import { loadDeliveryList } from '../../features/delivery/delivery-route'
import { checkLocation, pageHead, requireCompany } from '../../features/session/route-guards'
import { m } from '../../../src/paraglide/messages'

// delivery-edit: ?address= of ?cid= (the caller's own company without it),
// then back to ?redirect= when it is a portal path.
export const Route = createFileRoute('/{-$location}/edit-delivery')({
  validateSearch: deliveryEditSearch,
  loaderDeps: ({ search }) => ({ cid: search.cid }),
  beforeLoad: ({ context, location, params, search }) => {
    checkLocation(params.location)
    return requireCompany(context.session, location.href, search.cid)
  },
  loader: ({ context }) => loadDeliveryList(context, true),
  head: ({ match }) => pageHead(m.delivery_ui_edit_title(), match.context.session),
  component: EditDeliveryRoute,
})

function EditDeliveryRoute() {
  const { companyId } = Route.useRouteContext()
  const { cid, address, redirect } = Route.useSearch()
  return <DeliveryEditScreen key={`${companyId}-${address}`} cid={companyId} linkCid={cid} addressId={address} redirect={redirect} />
}
