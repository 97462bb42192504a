import type { HttpMethod } from './endpoint'

// createServerFn's options for a server function derived from an endpoint, without the
// endpoint itself: the browser's bundle keeps createServerFn's options (the validator and the
// handler are left to the server), so options read from the endpoint made every screen load its
// contracts and zod. The method is a literal that tsc holds to the endpoint's (decision 035).

/** A GET endpoint is a GET server function (cacheable, no body); everything else a POST. */
export type FnMethodOf<M extends HttpMethod> = M extends 'GET' ? 'GET' : 'POST'

/** `createServerFn(fnMethod<typeof endpoint>('GET'))`: tsc refuses a method the endpoint does not have. */
export function fnMethod<E extends { method: HttpMethod }>(method: FnMethodOf<E['method']>): { method: FnMethodOf<E['method']> } {
  return { method }
}
