import type { z } from 'zod'
import type { AnyEndpoint } from '../../src/contract/endpoint'
import type { CallParts } from '../../src/contract/endpoint-fn'
import { pagePastEnd } from '../../src/contract/paging'
import { callForBrowser, type CallAnswer } from '../../src/server/endpoint/call.server'
import { callPagedForBrowser } from '../../src/server/endpoint/call-paged.server'
import { callContext } from './request-context.server'

/**
 * The handler of a server function derived from an endpoint: the call with the session's
 * token, language and client. A paged list (its 404 names the last page) shows the last
 * page for a page past the end instead of an error.
 */
export function fnAnswer<E extends AnyEndpoint>(endpoint: E): (context: { data: CallParts }) => Promise<CallAnswer<z.output<E['data']>>> {
  const paged = endpoint.failureData?.[404] === pagePastEnd
  return ({ data }) => (paged ? callPagedForBrowser(endpoint, data, callContext()) : callForBrowser(endpoint, data, callContext()))
}
