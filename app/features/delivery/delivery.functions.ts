import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import type { z } from 'zod'
import { addressCreateEndpoint, addressEditEndpoint, changeInactiveEndpoint, deliveryListEndpoint, setDeliveryEndpoint } from '../../../src/contract/delivery'
import { fnInput } from '../../../src/contract/endpoint-fn'
import { fnMethod } from '../../../src/contract/fn-method'
import { unwrap } from '../../ui/call-result'
import { fnAnswer } from '../../request/endpoint-fn.server'

// The delivery addresses' calls, one server function per /vue/ endpoint.
export const deliveryListFn = createServerFn(fnMethod<typeof deliveryListEndpoint>('GET'))
  .validator(fnInput(deliveryListEndpoint))
  .handler(fnAnswer(deliveryListEndpoint))
export const setDeliveryFn = createServerFn(fnMethod<typeof setDeliveryEndpoint>('POST'))
  .validator(fnInput(setDeliveryEndpoint))
  .handler(fnAnswer(setDeliveryEndpoint))
export const changeInactiveFn = createServerFn(fnMethod<typeof changeInactiveEndpoint>('POST'))
  .validator(fnInput(changeInactiveEndpoint))
  .handler(fnAnswer(changeInactiveEndpoint))
export const addressCreateFn = createServerFn(fnMethod<typeof addressCreateEndpoint>('POST'))
  .validator(fnInput(addressCreateEndpoint))
  .handler(fnAnswer(addressCreateEndpoint))
export const addressEditFn = createServerFn(fnMethod<typeof addressEditEndpoint>('POST'))
  .validator(fnInput(addressEditEndpoint))
  .handler(fnAnswer(addressEditEndpoint))

/** Every query of one company's addresses, whatever the language (for invalidation). */
export const deliveryKey = (cid: number) => ['delivery', cid] as const

/** The addresses, the country choices (labels in the page language) and the company's name. */
export const deliveryListQueryOptions = (cid: number, locale: string) =>
  queryOptions({ queryKey: [...deliveryKey(cid), locale], queryFn: async () => unwrap(await deliveryListFn({ data: { id: cid } })) })

export type DeliveryList = z.output<typeof deliveryListEndpoint.data>
