import { createFileRoute, redirect } from '@tanstack/react-router'
import { SelectLineScreen } from '../../../features/companies/select-line-screen'
import { selectLineSearch } from '../../../features/companies/select-line-search'
import { selectLineDataFn } from '../../../features/companies/select-line.functions'
import { checkLocation, pageHead, requireLogin } from '../../../features/session/route-guards'
import { Notice, Page, headingClass } from '../../../ui/page'
import { m } from '../../../../src/paraglide/messages'

export const Route = createFileRoute('/{-$location}/user/select-line')({
  validateSearch: selectLineSearch,
  loaderDeps: ({ search }) => ({ cid: search.cid }),
  beforeLoad: ({ context, location, params }) => {
    checkLocation(params.location)
    requireLogin(context.session, location.href)
  },
  loader: async ({ location, deps }) => {
    const data = await selectLineDataFn({ data: { cid: deps.cid } })
    if (data.kind === 'anonymous') throw redirect({ to: '/', search: { redirect: location.href } })
    return data
  },
  head: ({ match }) => pageHead(titleOf(match.loaderData), match.context.session),
  component: SelectLineRoute,
})

/** Another company's name in the title when shopping as it. */
function titleOf(data: { kind: string; companyName?: string | null } | undefined): string {
  return data?.companyName ? m.shop_as_select_line_title({ company: data.companyName }) : m.select_line_title()
}

function SelectLineRoute() {
  const data = Route.useLoaderData()
  if (data.kind === 'refused')
    return (
      <Page>
        <h1 className={headingClass}>{m.select_line_title()}</h1>
        <Notice tone="danger" role="alert">
          {data.messages.join('\n')}
        </Notice>
      </Page>
    )
  return (
    <SelectLineScreen
      companyId={data.companyId}
      companyName={data.companyName}
      lines={data.lines}
      lastLine={data.lastLine}
      materials={data.materials}
      messages={data.messages}
    />
  )
}
