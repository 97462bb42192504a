import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import { fnInput, type FlatInput } from '../../../src/contract/endpoint-fn'
import { fnMethod } from '../../../src/contract/fn-method'
import { priceLogEndpoint, priceLogsEndpoint } from '../../../src/contract/price-logs'
import { unwrap } from '../../ui/call-result'
import { fnAnswer } from '../../request/endpoint-fn.server'

// The price logs' server functions, derived from their endpoints, and the query options the
// screens and loaders share.
export const priceLogsFn = createServerFn(fnMethod<typeof priceLogsEndpoint>('GET')).validator(fnInput(priceLogsEndpoint)).handler(fnAnswer(priceLogsEndpoint))
export const priceLogFn = createServerFn(fnMethod<typeof priceLogEndpoint>('GET')).validator(fnInput(priceLogEndpoint)).handler(fnAnswer(priceLogEndpoint))

export type PriceLogsInput = FlatInput<typeof priceLogsEndpoint>

export const priceLogsQueryOptions = (input: PriceLogsInput) =>
  queryOptions({ queryKey: ['prices', 'logs', input], queryFn: async () => unwrap(await priceLogsFn({ data: input })) })

export const priceLogQueryOptions = (input: FlatInput<typeof priceLogEndpoint>) =>
  queryOptions({ queryKey: ['prices', 'log', input], queryFn: async () => unwrap(await priceLogFn({ data: input })) })
