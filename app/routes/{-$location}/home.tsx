import { createFileRoute } from '@tanstack/react-router'
import { HomeRouteComponent } from '../../features/session/home-screen'
import { homeSearch } from '../../features/session/home-search'
import { checkLocation, pageHead, sendSignedInUserOn } from '../../features/session/route-guards'
import { m } from '../../../src/paraglide/messages'

// /home and /{location}/home: the same home as /.
export const Route = createFileRoute('/{-$location}/home')({
  validateSearch: homeSearch,
  beforeLoad: ({ context, search, params }) => {
    checkLocation(params.location)
    sendSignedInUserOn(context.session, search.redirect)
  },
  head: ({ match }) => pageHead(m.home_title(), match.context.session),
  component: HomeRouteComponent,
})
