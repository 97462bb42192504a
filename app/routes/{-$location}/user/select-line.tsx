import { createFileRoute, redirect } from '@tanstack/react-router'
import { SelectLineScreen } from '../../../features/companies/select-line-screen'
import { selectLineDataFn } from '../../../features/companies/select-line.functions'
import { checkLocation, pageHead, requireLogin } from '../../../features/session/route-guards'
import { m } from '../../../../src/paraglide/messages'

export const Route = createFileRoute('/{-$location}/user/select-line')({
  beforeLoad: ({ context, location, params }) => {
    checkLocation(params.location)
    requireLogin(context.session, location.href)
  },
  loader: async ({ location }) => {
    const data = await selectLineDataFn()
    if (data.kind === 'anonymous') throw redirect({ to: '/', search: { redirect: location.href } })
    return data
  },
  head: ({ match }) => pageHead(m.select_line_title(), match.context.session),
  component: SelectLineRoute,
})

function SelectLineRoute() {
  const data = Route.useLoaderData()
  return <SelectLineScreen companyId={data.companyId} lines={data.lines} lastLine={data.lastLine} materials={data.materials} messages={data.messages} />
}
