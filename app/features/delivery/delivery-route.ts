import type { QueryClient } from '@tanstack/react-query'
import { getLocale } from '../../../src/paraglide/runtime'
import { deliveryListQueryOptions } from './delivery.functions'

/** The delivery routes' loader: the company's addresses; `fresh` fetches them again even when cached. */
export async function loadDeliveryList(context: { queryClient: QueryClient; companyId: number }, fresh: boolean): Promise<void> {
  const options = deliveryListQueryOptions(context.companyId, getLocale())
  await context.queryClient.prefetchQuery(fresh ? { ...options, staleTime: 0 } : options)
}
