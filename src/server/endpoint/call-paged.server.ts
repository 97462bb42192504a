import type { z } from 'zod'
import type { EndpointDef, EndpointInput } from '../../contract/endpoint'
import type { CallParts } from '../../contract/endpoint-fn'
import { pagePastEnd } from '../../contract/paging'
import { callEndpoint, type CallAnswer, type CallContext } from './call.server'

/**
 * callForBrowser for our own paged screens: when the page in the URL has gone past the last
 * (rows moved on, an old link), the screen shows the last page — the answer's `pages` tells it
 * which — instead of an error. The API itself answers such a page with a 404.
 */
export async function callPagedForBrowser<E extends EndpointDef<z.ZodType, z.ZodType, z.ZodType, z.ZodType>>(
  endpoint: E,
  input: EndpointInput<E> | CallParts,
  context: CallContext,
): Promise<CallAnswer<z.output<E['data']>>> {
  const first = await callEndpoint(endpoint, input, context)
  const past = !first.status && first.httpStatus === 404 ? pagePastEnd.safeParse(first.data) : null
  const lastPage = past?.success ? { ...recordOf(input.query), page: past.data.pages } : null
  const answer = lastPage ? await callEndpoint(endpoint, { params: recordOf(input.params), query: lastPage, body: input.body }, context) : first
  return answer.status ? answer : { status: false, messages: answer.messages, httpStatus: answer.httpStatus }
}

function recordOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value)) : {}
}
