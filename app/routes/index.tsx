import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { HomeScreen } from '../features/session/home-screen'
import { sessionFn } from '../features/session/session.functions'
import { m } from '../../src/paraglide/messages'

export const Route = createFileRoute('/')({
  // ?redirect= brings a user back after login; only paths on this portal are followed.
  validateSearch: z.object({ redirect: z.string().max(2000).optional().catch(undefined) }),
  loader: () => sessionFn(),
  head: () => ({ meta: [{ title: `${m.home_title()} · ${m.app_title()}` }] }),
  component: HomeRoute,
})

function HomeRoute() {
  const session = Route.useLoaderData()
  const { redirect } = Route.useSearch()
  return <HomeScreen user={session.user} flashText={session.maintenance?.flash_text ?? ''} redirectTo={redirect} />
}
