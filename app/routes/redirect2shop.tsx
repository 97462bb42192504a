import { createFileRoute } from '@tanstack/react-router'
import { Redirect2ShopScreen } from '../features/companies/redirect2shop-screen'
import { pageHead, requireLogin } from '../features/session/route-guards'
import { m } from '../../src/paraglide/messages'

// The hand-off page to the shop. The target is fetched by the page itself (not a loader), so
// hovering a link never uses up a stored useAs value.
export const Route = createFileRoute('/redirect2shop')({
  beforeLoad: ({ context, location }) => {
    requireLogin(context.session, location.href)
  },
  head: ({ match }) => pageHead(m.redirect_to_shop(), match.context.session),
  component: Redirect2ShopScreen,
})
