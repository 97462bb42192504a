import { createFileRoute, redirect } from '@tanstack/react-router'
import { SelectLineScreen } from '../../features/session/select-line-screen'
import { selectLineDataFn } from '../../features/session/select-line.functions'
import { m } from '../../../src/paraglide/messages'

export const Route = createFileRoute('/user/select-line')({
  loader: async ({ location }) => {
    const data = await selectLineDataFn()
    if (data.kind === 'anonymous') throw redirect({ to: '/', search: { redirect: location.href } })
    return data
  },
  head: () => ({ meta: [{ title: `${m.select_line_title()} · ${m.app_title()}` }] }),
  component: SelectLineRoute,
})

function SelectLineRoute() {
  const data = Route.useLoaderData()
  return <SelectLineScreen companyId={data.companyId} lines={data.lines} lastLine={data.lastLine} materials={data.materials} messages={data.messages} />
}
