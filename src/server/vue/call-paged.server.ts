import type { z } from 'zod'
import type { EndpointDef } from '../../contract/endpoint'
import { pagePastEnd } from '../../contract/paging'
import { callEndpoint, type CallAnswer, type CallContext } from './call.server'

/**
 * callForBrowser for our own paged screens: when the page in the URL has gone past the last
 * (rows moved on, an old link), the screen shows the last page — the answer's `pages` tells it
 * which — instead of an error. The API itself answers such a page with a 404.
 */
export async function callPagedForBrowser<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, D extends z.ZodType>(
  endpoint: EndpointDef<P, Q, B, D>,
  input: { params: z.input<P>; query: z.input<Q>; body: z.input<B> },
  context: CallContext,
): Promise<CallAnswer<z.output<D>>> {
  const first = await callEndpoint(endpoint, input, context)
  const past = !first.status && first.httpStatus === 404 ? pagePastEnd.safeParse(first.data) : null
  const lastPage = past?.success ? Object.assign({}, input.query, { page: past.data.pages }) : null
  const answer = lastPage ? await callEndpoint(endpoint, { ...input, query: lastPage }, context) : first
  return answer.status ? answer : { status: false, messages: answer.messages, httpStatus: answer.httpStatus }
}
