import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import {
  approvalNumber,
  basketApproveEndpoint,
  basketHistoryEndpoint,
  basketListEndpoint,
  basketListQuery,
  basketResetEndpoint,
  basketStatusEndpoint,
} from '../../../src/contract/orders'
import { callForBrowser } from '../../../src/server/vue/call.server'
import { unwrap } from '../../ui/call-result'
import { callContext } from '../session/request-context.server'

// The orders area's server functions: each wraps one /vue/ basket call.
const basket = z.object({ basket: z.string().max(64) })

export const basketListFn = createServerFn({ method: 'GET' })
  .validator(basketListQuery)
  .handler(({ data }) => callForBrowser(basketListEndpoint, { params: {}, query: data, body: undefined }, callContext()))

export const basketStatusFn = createServerFn({ method: 'GET' })
  .validator(basket)
  .handler(({ data }) => callForBrowser(basketStatusEndpoint, { params: data, query: {}, body: undefined }, callContext()))

export const basketHistoryFn = createServerFn({ method: 'GET' })
  .validator(basket)
  .handler(({ data }) => callForBrowser(basketHistoryEndpoint, { params: data, query: {}, body: undefined }, callContext()))

export const basketApproveFn = createServerFn({ method: 'POST' })
  .validator(basket.extend({ approvalNumber }))
  .handler(({ data }) =>
    callForBrowser(basketApproveEndpoint, { params: { basket: data.basket }, query: { approvalNumber: data.approvalNumber }, body: undefined }, callContext()),
  )

export const basketResetFn = createServerFn({ method: 'POST' })
  .validator(z.object({ number: z.string().max(64) }))
  .handler(({ data }) => callForBrowser(basketResetEndpoint, { params: data, query: {}, body: undefined }, callContext()))

export type BasketListSearch = z.input<typeof basketListQuery>

export const basketListQueryOptions = (search: BasketListSearch) =>
  queryOptions({ queryKey: ['orders', 'list', search], queryFn: async () => unwrap(await basketListFn({ data: search })) })

export const basketHistoryQueryOptions = (number: string) =>
  queryOptions({ queryKey: ['orders', 'history', number], queryFn: async () => unwrap(await basketHistoryFn({ data: { basket: number } })) })
