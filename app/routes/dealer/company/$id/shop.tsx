import { createFileRoute, redirect } from '@tanstack/react-router'
import { ShopStandIn } from '../../../../features/companies/shop-stand-in'
import { shopHandOffFn } from '../../../../features/companies/shop.functions'
import { pageHead, requireLogin } from '../../../../features/session/route-guards'
import { idParams } from '../../../../ui/id-params'
import { m } from '../../../../../src/paraglide/messages'

// The labelled stand-in for the external shop, which is not part of this portal; needs a login.
export const Route = createFileRoute('/dealer/company/$id/shop')({
  params: idParams,
  beforeLoad: ({ context, location }) => {
    requireLogin(context.session, location.href)
  },
  loader: async ({ params, location }) => {
    const handOff = await shopHandOffFn({ data: { id: params.id } })
    if (handOff.kind === 'anonymous') throw redirect({ to: '/', search: { redirect: location.href } })
    return handOff
  },
  head: ({ match }) => pageHead(m.shop_standin_title(), match.context.session),
  component: ShopRoute,
})

function ShopRoute() {
  return <ShopStandIn handOff={Route.useLoaderData()} />
}
