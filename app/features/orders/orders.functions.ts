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
import type { ApproveTab } from '../../../src/domain/basket-status'
import { ORDERS_PER_PAGE } from '../../../src/domain/limits'
import { callForBrowser } from '../../../src/server/vue/call.server'
import { callPagedForBrowser } from '../../../src/server/vue/call-paged.server'
import { unwrap } from '../../ui/call-result'
import { callContext } from '../session/request-context.server'

// The orders area's server functions: each wraps one /vue/ basket call.
const basket = z.object({ basket: z.string().max(64) })

export const basketListFn = createServerFn({ method: 'GET' })
  .validator(basketListQuery)
  .handler(({ data }) => callPagedForBrowser(basketListEndpoint, { params: {}, query: data, body: undefined }, callContext()))

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

/** The approve screen asks for one tab and one page of 25 by name: the API's defaults answer every basket. */
export type BasketListSearch = z.input<typeof basketListQuery> & { tab: ApproveTab; page: number }

export const basketListQueryOptions = (search: BasketListSearch) => {
  const query = { ...search, number_per_page: ORDERS_PER_PAGE }
  return queryOptions({ queryKey: ['orders', 'list', query], queryFn: async () => unwrap(await basketListFn({ data: query })) })
}

export const basketHistoryQueryOptions = (number: string) =>
  queryOptions({ queryKey: ['orders', 'history', number], queryFn: async () => unwrap(await basketHistoryFn({ data: { basket: number } })) })
