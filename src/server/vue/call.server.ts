import { z } from 'zod'
import type { Envelope, Locale } from '../../contract/envelope'
import { endpointUrl, type EndpointDef } from '../../contract/endpoint'
import { m } from '../../paraglide/messages'
import { env } from '../env.server'
import { handleVueRequest } from './dispatch.server'

// How server functions reach an endpoint: in-process through the same dispatcher the HTTP
// route uses, or — with VUE_BACKEND_URL — over HTTP to another /vue/ backend. Both build the
// same request, so both behave the same.
export type CallContext = {
  token: string | null
  locale: Locale
  clientAddress: string
  /** The origin the browser used (host decides the site). */
  origin: string
}

export async function callEndpoint<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, D extends z.ZodType>(
  endpoint: EndpointDef<P, Q, B, D>,
  input: { params: z.input<P>; query: z.input<Q>; body: z.input<B> },
  context: CallContext,
  backendUrl: string | undefined = env().VUE_BACKEND_URL,
): Promise<Envelope<z.output<D>>> {
  const response = await sendToEndpoint(endpoint, input, context, backendUrl)
  if (!response) return { status: false, messages: [m.error_backend_unreachable({}, { locale: context.locale })] }
  const envelope = parseEnvelope(endpoint.data, await response.text(), context.locale)
  return envelope.status ? envelope : { ...envelope, httpStatus: response.status }
}

/**
 * The endpoint's answer as it came, unparsed — for answers too large to pass through a
 * server function's serializer (a 100,000-entry dictionary): the server function hands the
 * envelope's JSON to the browser as it is. null when the backend cannot be reached.
 */
export async function sendToEndpoint<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, D extends z.ZodType>(
  endpoint: EndpointDef<P, Q, B, D>,
  input: { params: z.input<P>; query: z.input<Q>; body: z.input<B> },
  context: CallContext,
  backendUrl: string | undefined = env().VUE_BACKEND_URL,
): Promise<Response | null> {
  const path = endpointUrl(endpoint.path, input.params)
  const query = new URLSearchParams()
  if (typeof input.query === 'object' && input.query !== null) {
    for (const [key, value] of Object.entries(input.query)) if (value !== undefined) query.set(key, String(value))
  }
  const search = query.size > 0 ? `?${query}` : ''
  const headers = new Headers({ accept: 'application/json', 'accept-language': context.locale })
  if (context.token) headers.set('authorization', `JWT ${context.token}`)
  const hasBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE'
  if (hasBody) headers.set('content-type', 'application/json')
  const init: RequestInit = { method: endpoint.method, headers, body: hasBody ? JSON.stringify(input.body ?? {}) : undefined }
  try {
    if (backendUrl) {
      headers.set('x-forwarded-for', context.clientAddress)
      const origin = new URL(context.origin)
      headers.set('x-forwarded-host', origin.host)
      headers.set('x-forwarded-proto', origin.protocol.replace(':', ''))
      return await fetch(new URL(`${path}${search}`, backendUrl), init)
    }
    return await handleVueRequest(new Request(new URL(`${path}${search}`, context.origin), init), {
      clientAddress: context.clientAddress,
    })
  } catch (error) {
    // The browser gets a plain message; the operator gets the reason in the log.
    console.warn('[vue] backend call failed', endpoint.method, path, error instanceof Error ? error.message : error)
    return null
  }
}

const baseEnvelope = z.object({ status: z.boolean(), messages: z.array(z.string()), data: z.unknown().optional() })

function parseEnvelope<D extends z.ZodType>(dataSchema: D, text: string, locale: Locale): Envelope<z.output<D>> {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { status: false, messages: [m.error_internal({}, { locale })] }
  }
  const base = baseEnvelope.safeParse(json)
  if (!base.success) return { status: false, messages: [m.error_internal({}, { locale })] }
  if (!base.data.status) return { status: false, messages: base.data.messages, data: base.data.data }
  const data = z.safeParse(dataSchema, base.data.data)
  if (!data.success) return { status: false, messages: [m.error_internal({}, { locale })] }
  return { status: true, messages: base.data.messages, data: data.data }
}

/** What a server function hands the browser: the data, or the messages and the HTTP code. */
export type CallAnswer<T> = { status: true; messages: string[]; data: T } | { status: false; messages: string[]; httpStatus?: number }

export async function callForBrowser<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, D extends z.ZodType>(
  endpoint: EndpointDef<P, Q, B, D>,
  input: { params: z.input<P>; query: z.input<Q>; body: z.input<B> },
  context: CallContext,
): Promise<CallAnswer<z.output<D>>> {
  const envelope = await callEndpoint(endpoint, input, context)
  return envelope.status ? envelope : { status: false, messages: envelope.messages, httpStatus: envelope.httpStatus }
}
