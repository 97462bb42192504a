import type { z } from 'zod'
import type { EndpointDef, EndpointInput } from '../../contract/endpoint'
import { partsOf, type CallParts } from '../../contract/endpoint-fn'
import { pagePastEnd } from '../../contract/paging'
import { forBrowser, type Result } from '../../contract/result'
import { env } from '../env.server'
import { callEndpoint, callInProcess, type CallContext } from './call.server'

/**
 * callForBrowser for our own screens of paged lists (`paged: true`): when the page in the URL
 * has gone past the last (rows moved on, an old link), the screen shows the last page — the
 * answer's `pages` tells it which — instead of an error. In-process the list answers the last
 * page in the same call; another backend (VUE_BACKEND_URL) answers the API's 404 naming the last
 * page, which is then asked for.
 */
export async function callPagedForBrowser<E extends EndpointDef<z.ZodType, z.ZodType, z.ZodType, z.ZodType>>(
  endpoint: E,
  input: EndpointInput<E> | CallParts,
  context: CallContext,
): Promise<Result<z.output<E['data']>>> {
  const backendUrl = env().VUE_BACKEND_URL
  if (!backendUrl) return forBrowser(await callInProcess(endpoint, input, context, 'last'))
  const first = await callEndpoint(endpoint, input, context, backendUrl)
  const past = !first.status && first.httpStatus === 404 ? pagePastEnd.safeParse(first.data) : null
  if (!past?.success) return forBrowser(first)
  const parts = partsOf(input)
  const lastPage = { ...parts, query: { ...parts.query, page: past.data.pages } }
  return forBrowser(await callEndpoint(endpoint, lastPage, context, backendUrl))
}
