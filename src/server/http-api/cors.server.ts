import { m } from '../../paraglide/messages'
import { ApiError } from '../endpoint/errors.server'
import type { ApiAnswer } from './api-answer.server'

// Cross-origin calls to /vue/ (decision 017): only from the origins in CORS_ORIGINS (a legacy
// front end elsewhere), with the token in the Authorization header — never with our cookies,
// so no Access-Control-Allow-Credentials. Everyone else gets no CORS headers, so a browser
// keeps the answer from the calling page.
const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept, Accept-Language'
const EXPOSED_HEADERS = 'Retry-After, Allow'

/** The caller's Origin when it is on the allow-list, else null. */
export function allowedOrigin(request: Request, allowList: ReadonlyArray<string>): string | null {
  const origin = request.headers.get('origin')
  return origin !== null && allowList.includes(origin) ? origin : null
}

/** The CORS headers of an actual answer (none for other origins). */
export function corsHeaders(origin: string | null): Record<string, string> {
  return origin ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED_HEADERS, Vary: 'Origin' } : {}
}

/**
 * The answer to OPTIONS on a known path: a CORS preflight for an allowed origin, a refusal
 * (403) for any other origin, and the plain list of methods without an Origin.
 */
export function optionsAnswer(request: Request, allowList: ReadonlyArray<string>, methods: ReadonlyArray<string>): ApiAnswer {
  const allow = methods.join(', ')
  const origin = request.headers.get('origin')
  if (origin === null) return { status: 204, headers: { Allow: allow }, body: null }
  if (!allowList.includes(origin)) throw new ApiError(403, [(locale) => m.error_cors_refused({ origin }, { locale })])
  return {
    status: 204,
    body: null,
    headers: {
      Allow: allow,
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Methods': allow,
      'Access-Control-Allow-Headers': ALLOWED_HEADERS,
      'Access-Control-Max-Age': '600',
      Vary: 'Origin',
    },
  }
}
