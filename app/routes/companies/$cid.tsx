import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { useCallback } from 'react'
import { companySearchTermOf } from '../../../src/domain/limits'
import { m } from '../../../src/paraglide/messages'
import { COMPANIES_DEFAULTS, cidParams, companiesSearch } from '../../features/companies/companies-search'
import { CompaniesScreen } from '../../features/companies/companies-screen'
import { treeCompanyQuery, treeRootQuery, treeSearchQuery } from '../../features/companies/tree.functions'
import { PermissionGate, hasGroup } from '../../features/session/permission-gate'
import { pageHead, requireLogin } from '../../features/session/route-guards'

// companies: the tree below {cid}; IS_DEALER_ADMIN only.
export const Route = createFileRoute('/companies/$cid')({
  params: cidParams,
  validateSearch: companiesSearch,
  search: { middlewares: [stripSearchParams(COMPANIES_DEFAULTS)] },
  loaderDeps: ({ search }) => ({ search: search.search }),
  beforeLoad: ({ context, location }) => {
    requireLogin(context.session, location.href)
  },
  loader: async ({ context, params, deps }) => {
    if (!hasGroup(context.session, 'IS_DEALER_ADMIN')) return
    const term = companySearchTermOf(deps.search)
    await Promise.all([
      context.queryClient.prefetchQuery(treeCompanyQuery(params.cid)),
      context.queryClient.prefetchQuery(treeRootQuery(params.cid)),
      term !== null ? context.queryClient.prefetchQuery(treeSearchQuery(params.cid, term)) : null,
    ])
  },
  head: ({ match }) => pageHead(m.companies_tree_title(), match.context.session),
  component: CompaniesRoute,
})

function CompaniesRoute() {
  const { session } = Route.useRouteContext()
  const { cid } = Route.useParams()
  const { search } = Route.useSearch()
  const navigate = Route.useNavigate()
  const onSearch = useCallback((next: string) => void navigate({ search: { search: next }, replace: true }), [navigate])
  if (!session.user) return null
  return (
    <PermissionGate session={session} permission="IS_DEALER_ADMIN" title={m.companies_tree_title()}>
      <CompaniesScreen key={cid} cid={cid} search={search} onSearch={onSearch} user={session.user} />
    </PermissionGate>
  )
}
