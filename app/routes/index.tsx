import { createFileRoute } from '@tanstack/react-router'
import { HomeScreen } from '../features/session/home-screen'
import { sessionFn } from '../features/session/session.functions'
import { m } from '../../src/paraglide/messages'

export const Route = createFileRoute('/')({
  loader: () => sessionFn(),
  head: () => ({ meta: [{ title: `${m.home_title()} · ${m.app_title()}` }] }),
  component: HomeRoute,
})

function HomeRoute() {
  const session = Route.useLoaderData()
  return <HomeScreen user={session.user} flashText={session.maintenance?.flash_text ?? ''} />
}
