import { createFileRoute } from '@tanstack/react-router'
import { HomeRouteComponent } from '../features/session/home-screen'
import { homeSearch } from '../features/session/home-search'
import { pageHead, sendSignedInUserOn } from '../features/session/route-guards'
import { m } from '../../src/paraglide/messages'

export const Route = createFileRoute('/')({
  validateSearch: homeSearch,
  beforeLoad: ({ context, search }) => sendSignedInUserOn(context.session, search.redirect),
  head: ({ match }) => pageHead(m.home_title(), match.context.session),
  component: HomeRouteComponent,
})
