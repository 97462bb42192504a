import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import { activityListEndpoint } from '../../../src/contract/activity'
import { fnInput, type FlatInput } from '../../../src/contract/endpoint-fn'
import { fnMethod } from '../../../src/contract/fn-method'
import { unwrap } from '../../ui/call-result'
import { fnAnswer } from '../../request/endpoint-fn.server'

// The activity screen's server function, derived from its endpoint, and its query options.
export const activityFn = createServerFn(fnMethod<typeof activityListEndpoint>('GET'))
  .validator(fnInput(activityListEndpoint))
  .handler(fnAnswer(activityListEndpoint))

export type ActivityInput = FlatInput<typeof activityListEndpoint>

export const activityQueryOptions = (input: ActivityInput) =>
  queryOptions({ queryKey: ['activity', input], queryFn: async () => unwrap(await activityFn({ data: input })) })
