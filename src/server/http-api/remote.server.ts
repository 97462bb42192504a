import type { z } from 'zod'
import { endpointUrl, type EndpointDef } from '../../contract/endpoint'
import type { Locale } from '../../contract/envelope'
import { currentRequest } from '../ops/request-context.server'

// Remote mode (VUE_BACKEND_URL): the UI's calls go over HTTP to another /vue/ backend, with
// the headers that backend needs to answer as if the browser had called it: the token, the
// page's language, who called on which host (it trusts them with TRUST_PROXY), and the id of
// the request the call is made for, so both servers' log lines of it carry the same id.
export type CallContext = {
  token: string | null
  locale: Locale
  clientAddress: string
  /** The browser's User-Agent, passed on: the backend names a session's browser by it. */
  userAgent?: string
  /** The origin the browser used (host decides the site). */
  origin: string
}

export function remoteHeaders(context: CallContext): Headers {
  const headers = new Headers({ accept: 'application/json', 'accept-language': context.locale })
  if (context.token) headers.set('authorization', `JWT ${context.token}`)
  const origin = new URL(context.origin)
  headers.set('x-forwarded-for', context.clientAddress)
  if (context.userAgent) headers.set('user-agent', context.userAgent)
  headers.set('x-forwarded-host', origin.host)
  headers.set('x-forwarded-proto', origin.protocol.replace(':', ''))
  const request = currentRequest()
  if (request) headers.set('x-request-id', request.id)
  return headers
}

export async function sendRemote(
  endpoint: EndpointDef<z.ZodType, z.ZodType, z.ZodType, z.ZodType>,
  input: { params: unknown; query: unknown; body: unknown },
  context: CallContext,
  backendUrl: string,
): Promise<Response> {
  const query = new URLSearchParams()
  if (typeof input.query === 'object' && input.query !== null) {
    for (const [key, value] of Object.entries(input.query)) if (value !== undefined) query.set(key, String(value))
  }
  const search = query.size > 0 ? `?${query}` : ''
  const headers = remoteHeaders(context)
  const hasBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE'
  if (hasBody) headers.set('content-type', 'application/json')
  const init: RequestInit = { method: endpoint.method, headers, body: hasBody ? JSON.stringify(input.body ?? {}) : undefined }
  return fetch(new URL(`${endpointUrl(endpoint.path, input.params)}${search}`, backendUrl), init)
}

/** A browser upload passed on as it streams (multipart bodies are never held here). */
export async function sendUploadRemote(path: string, request: Request, context: CallContext, backendUrl: string): Promise<Response> {
  const headers = remoteHeaders(context)
  for (const name of ['content-type', 'content-length']) {
    const value = request.headers.get(name)
    if (value) headers.set(name, value)
  }
  const init: RequestInit & { duplex: 'half' } = { method: 'POST', headers, body: request.body, duplex: 'half' }
  return fetch(new URL(`${path}${new URL(request.url).search}`, backendUrl), init)
}
