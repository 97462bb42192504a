import type { z } from 'zod'
import type { AnyEndpoint } from '../../src/contract/endpoint'
import type { CallParts } from '../../src/contract/endpoint-fn'
import type { Result } from '../../src/contract/result'
import { callForBrowser } from '../../src/server/endpoint/call.server'
import { callPagedForBrowser } from '../../src/server/endpoint/call-paged.server'
import { callContext } from './session-cookies.server'

/**
 * The handler of a server function derived from an endpoint: the call with the session's
 * token, language and client. A paged list (`paged: true`) shows the last page for a page past
 * the end instead of an error.
 */
export function fnAnswer<E extends AnyEndpoint>(endpoint: E): (context: { data: CallParts }) => Promise<Result<z.output<E['data']>>> {
  return ({ data }) => (endpoint.paged ? callPagedForBrowser(endpoint, data, callContext()) : callForBrowser(endpoint, data, callContext()))
}
