import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import type { z } from 'zod'
import { fnInput } from '../../../src/contract/endpoint-fn'
import { fnMethod } from '../../../src/contract/fn-method'
import {
  basketApproveEndpoint,
  basketHistoryEndpoint,
  basketListEndpoint,
  basketResetEndpoint,
  basketStatusEndpoint,
  type basketListQuery,
} from '../../../src/contract/orders'
import type { ApproveTab } from '../../../src/domain/basket-status'
import { ORDERS_PER_PAGE } from '../../../src/domain/limits'
import { unwrap } from '../../ui/call-result'
import { fnAnswer } from '../../request/endpoint-fn.server'

// The orders area's server functions, each derived from its /vue/ basket endpoint.
export const basketListFn = createServerFn(fnMethod<typeof basketListEndpoint>('GET'))
  .validator(fnInput(basketListEndpoint))
  .handler(fnAnswer(basketListEndpoint))
export const basketStatusFn = createServerFn(fnMethod<typeof basketStatusEndpoint>('GET'))
  .validator(fnInput(basketStatusEndpoint))
  .handler(fnAnswer(basketStatusEndpoint))
export const basketHistoryFn = createServerFn(fnMethod<typeof basketHistoryEndpoint>('GET'))
  .validator(fnInput(basketHistoryEndpoint))
  .handler(fnAnswer(basketHistoryEndpoint))
export const basketApproveFn = createServerFn(fnMethod<typeof basketApproveEndpoint>('POST'))
  .validator(fnInput(basketApproveEndpoint))
  .handler(fnAnswer(basketApproveEndpoint))
export const basketResetFn = createServerFn(fnMethod<typeof basketResetEndpoint>('POST'))
  .validator(fnInput(basketResetEndpoint))
  .handler(fnAnswer(basketResetEndpoint))

/** The approve screen asks for one tab and one page of 25 by name: the API's defaults answer every basket. */
export type BasketListSearch = z.input<typeof basketListQuery> & { tab: ApproveTab; page: number }

export const basketListQueryOptions = (search: BasketListSearch) => {
  const query = { ...search, number_per_page: ORDERS_PER_PAGE }
  return queryOptions({ queryKey: ['orders', 'list', query], queryFn: async () => unwrap(await basketListFn({ data: query })) })
}

export const basketHistoryQueryOptions = (number: string) =>
  queryOptions({ queryKey: ['orders', 'history', number], queryFn: async () => unwrap(await basketHistoryFn({ data: { basket: number } })) })
