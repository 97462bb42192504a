import { createFileRoute } from '@tanstack/react-router'
import { myCompanySearch } from '../features/companies/my-company-search'
import { MyCompanyScreen } from '../features/companies/my-company-screen'
import { myCompanyQueryOptions } from '../features/companies/my-company.functions'
import { pageHead, requireCompany } from '../features/session/route-guards'
import { m } from '../../src/paraglide/messages'
import { getLocale } from '../../src/paraglide/runtime'

// my-company: ?cid= names the company, the caller's own without it. A cid that
// names no record is the not-found page; one outside the caller's scope is the screen's error.
export const Route = createFileRoute('/my-company')({
  validateSearch: myCompanySearch,
  loaderDeps: ({ search }) => ({ cid: search.cid }),
  beforeLoad: ({ context, location, search }) => requireCompany(context.session, location.href, search.cid),
  loader: async ({ context }) => {
    await context.queryClient.prefetchQuery(myCompanyQueryOptions(context.companyId, getLocale()))
  },
  head: ({ match }) => pageHead(m.my_company_title(), match.context.session),
  component: MyCompanyRoute,
})

function MyCompanyRoute() {
  const { session, companyId } = Route.useRouteContext()
  return <MyCompanyScreen cid={companyId} session={session} />
}
