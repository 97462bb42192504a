import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { useCallback } from 'react'
import { ACTIVITY_DEFAULTS, activitySearch, type ActivitySearch } from '../features/activity/activity-search'
import { ActivityScreen } from '../features/activity/activity-screen'
import { activityQuery, activityQueryOptions } from '../features/activity/activity.functions'
import { PermissionGate, hasGroup } from '../features/session/permission-gate'
import { pageHead, requireLogin } from '../features/session/route-guards'
import { m } from '../../src/paraglide/messages'

// The activity trail (decision 053): page and filters in the URL.
export const Route = createFileRoute('/activity')({
  validateSearch: activitySearch,
  search: { middlewares: [stripSearchParams(ACTIVITY_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  beforeLoad: ({ context, location }) => {
    requireLogin(context.session, location.href)
  },
  loader: async ({ context, deps }) => {
    if (hasGroup(context.session, 'IS_DEALER_ADMIN')) await context.queryClient.prefetchQuery(activityQueryOptions(activityQuery(deps)))
  },
  // The menu's word: one message less in the route tree, which every page loads first.
  head: ({ match }) => pageHead(m.menu_activity(), match.context.session),
  component: ActivityRoute,
})

function ActivityRoute() {
  const { session } = Route.useRouteContext()
  const navigate = Route.useNavigate()
  const onSearch = useCallback(
    (change: Partial<ActivitySearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }), replace: !('page' in change && Object.keys(change).length === 1) }),
    [navigate],
  )
  return (
    <PermissionGate session={session} permission="IS_DEALER_ADMIN" title={m.activity_title()}>
      <ActivityScreen search={Route.useSearch()} onSearch={onSearch} />
    </PermissionGate>
  )
}
