import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { priceLogEndpoint, priceLogsEndpoint } from '../../../src/contract/price-logs'
import { callPagedForBrowser } from '../../../src/server/vue/call-paged.server'
import { unwrap } from '../../ui/call-result'
import { callContext } from '../session/request-context.server'

// The price logs' server functions and the query options the screens and loaders share.
const logsInput = priceLogsEndpoint.query
const logInput = z.object({ id: z.number().int().positive(), page: z.number().int().min(1), sort: z.string().max(20).optional() })

export const priceLogsFn = createServerFn({ method: 'GET' })
  .validator(logsInput)
  .handler(({ data }) => callPagedForBrowser(priceLogsEndpoint, { params: {}, query: data, body: undefined }, callContext()))

export const priceLogFn = createServerFn({ method: 'GET' })
  .validator(logInput)
  .handler(({ data }) => {
    const sort = priceLogEndpoint.query.shape.sort.safeParse(data.sort)
    return callPagedForBrowser(priceLogEndpoint, { params: { id: data.id }, query: { page: data.page, sort: sort.success ? sort.data : undefined }, body: undefined }, callContext())
  })

export type PriceLogsInput = z.input<typeof logsInput>

export const priceLogsQueryOptions = (input: PriceLogsInput) =>
  queryOptions({ queryKey: ['prices', 'logs', input], queryFn: async () => unwrap(await priceLogsFn({ data: input })) })

export const priceLogQueryOptions = (input: z.input<typeof logInput>) =>
  queryOptions({ queryKey: ['prices', 'log', input], queryFn: async () => unwrap(await priceLogFn({ data: input })) })
