import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import { activityListEndpoint } from '../../../src/contract/activity'
import { fnInput, type FlatInput } from '../../../src/contract/endpoint-fn'
import { fnMethod } from '../../../src/contract/fn-method'
import { unwrap } from '../../ui/call-result'
import type { ActivitySearch } from './activity-search'
import { fnAnswer } from '../../request/endpoint-fn.server'

// The activity screen's server function, derived from its endpoint, and its query options.
export const activityFn = createServerFn(fnMethod<typeof activityListEndpoint>('GET'))
  .validator(fnInput(activityListEndpoint))
  .handler(fnAnswer(activityListEndpoint))

export type ActivityInput = FlatInput<typeof activityListEndpoint>

export const activityQueryOptions = (input: ActivityInput) =>
  queryOptions({ queryKey: ['activity', input], queryFn: async () => unwrap(await activityFn({ data: input })) })

/**
 * The call's query: only the filters that are set. Here, not beside the search schema: the
 * route tree, which every page loads first, carries that one.
 */
export function activityQuery(search: ActivitySearch) {
  return {
    page: search.page,
    ...(search.company !== undefined ? { company: search.company } : {}),
    ...(search.actor !== undefined ? { actor: search.actor } : {}),
    ...(search.action ? { action: search.action } : {}),
    ...(search.target ? { target: search.target } : {}),
    ...(search.from ? { from: search.from } : {}),
    ...(search.to ? { to: search.to } : {}),
  }
}
