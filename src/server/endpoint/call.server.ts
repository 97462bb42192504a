import { z } from 'zod'
import type { EndpointDef, EndpointInput } from '../../contract/endpoint'
import type { CallParts } from '../../contract/endpoint-fn'
import { failureEnvelope, type Envelope } from '../../contract/envelope'
import { m } from '../../paraglide/messages'
import { getDatabase } from '../db/instance.server'
import { env } from '../env.server'
import { logger } from '../ops/logger.server'
import { noteCaller } from '../ops/request-context.server'
import { noteRenderUnavailable } from '../render-outage.server'
import { sendRemote, type CallContext } from '../vue/remote.server'
import { failureOf } from './failure.server'
import { allImplementations } from './registry.server'

// How server functions reach an endpoint. In-process they call the frame directly — no URL,
// no Request, no JSON in between: input parsed once, access and scope, handler, and outside
// production the answer's schema. With VUE_BACKEND_URL the same call goes over HTTP to
// another /vue/ backend. Both answer the same envelope and codes (tests/vue/permission-grid).
export type { CallContext }

type AnyDef = EndpointDef<z.ZodType, z.ZodType, z.ZodType, z.ZodType>
type Answer<E extends AnyDef> = Envelope<z.output<E['data']>>

const implementations = new Map(allImplementations.map((implementation) => [implementation.endpoint.id, implementation]))

// The typed input of a hand-written call, or the parts a derived server function's validator split.
type Parts = EndpointInput<AnyDef> | CallParts

export async function callEndpoint<E extends AnyDef>(
  endpoint: E,
  input: EndpointInput<E> | CallParts,
  context: CallContext,
  backendUrl: string | undefined = env().VUE_BACKEND_URL,
): Promise<Answer<E>> {
  if (!backendUrl) return callInProcess(endpoint, input, context)
  const response = await reachRemote(endpoint, input, context, backendUrl)
  // A page whose render could not reach the backend, or was told to try again (503 with
  // Retry-After: its database away or its room full), is the short "back in a moment" page, as in
  // one process (decision 050).
  if (!response) {
    noteRenderUnavailable('backend unreachable')
    return { status: false, messages: [m.error_backend_unreachable({}, { locale: context.locale })] }
  }
  if (response.status === 503 && response.headers.has('retry-after')) noteRenderUnavailable('backend answered 503')
  const envelope = parseEnvelope<E['data']>(endpoint.data, await response.text(), context)
  return envelope.status ? envelope : { ...envelope, httpStatus: response.status }
}

/**
 * The endpoint's answer as a Response, unparsed — for answers too large to pass through a
 * server function's serializer (a 100,000-entry dictionary): the server function hands the
 * envelope's JSON to the browser as it is. null when the backend cannot be reached.
 */
export async function sendToEndpoint<E extends AnyDef>(endpoint: E, input: EndpointInput<E>, context: CallContext): Promise<Response | null> {
  const backendUrl = env().VUE_BACKEND_URL
  if (backendUrl) return reachRemote(endpoint, input, context, backendUrl)
  const answer = await callInProcess(endpoint, input, context)
  const body = answer.status ? answer : failureEnvelope(endpoint.path, answer.messages, answer.data)
  return new Response(JSON.stringify(body), { status: answer.status ? 200 : (answer.httpStatus ?? 500) })
}

async function callInProcess<E extends AnyDef>(endpoint: E, input: Parts, context: CallContext): Promise<Answer<E>> {
  const implementation = implementations.get(endpoint.id)
  if (!implementation) throw new Error(`no implementation of ${endpoint.id} in the registry`)
  const nowMs = Date.now()
  const origin = new URL(context.origin)
  try {
    const { db } = await getDatabase()
    const caller = await implementation.admit(db, context.token, nowMs)
    // A page's or server function's request line names its user (src/server/ops/request-log.server.ts).
    noteCaller(caller)
    // As over HTTP: path and query values are text, a body-less call has no body.
    const bodyless = endpoint.method === 'GET' || endpoint.method === 'DELETE'
    const raw = { params: asText(input.params), query: asText(input.query), body: bodyless ? undefined : (input.body ?? {}) }
    const base = { db, locale: context.locale, clientAddress: context.clientAddress, host: origin.host, origin: origin.origin, nowMs }
    const data = await implementation.run(raw, base, caller)
    return answered(endpoint, data)
      ? { status: true, messages: [], data }
      : { status: false, messages: [m.error_internal({}, { locale: context.locale })], httpStatus: 500 }
  } catch (error) {
    const failure = failureOf(error, context.locale, endpoint.method, endpoint.path)
    return { status: false, messages: failure.messages, data: failure.data, httpStatus: failure.httpStatus }
  }
}

/**
 * The registry is keyed by this endpoint's id, and its frame checked the data against this
 * very schema outside production; production trusts the handler's typed return.
 */
function answered<E extends AnyDef>(endpoint: E, _data: unknown): _data is z.output<E['data']> {
  return implementations.get(endpoint.id)?.endpoint === endpoint
}

function asText(values: unknown): Record<string, string> {
  const text: Record<string, string> = {}
  if (typeof values !== 'object' || values === null) return text
  for (const [key, value] of Object.entries(values)) if (value !== undefined) text[key] = String(value)
  return text
}

async function reachRemote<E extends AnyDef>(endpoint: E, input: Parts, context: CallContext, backendUrl: string): Promise<Response | null> {
  try {
    return await sendRemote(endpoint, input, context, backendUrl)
  } catch (error) {
    // The browser gets a plain message; the operator gets the reason in the log.
    logger().warn({ endpoint: endpoint.id, why: error instanceof Error ? error.message : String(error) }, 'backend call failed')
    return null
  }
}

const baseEnvelope = z.object({ status: z.boolean(), messages: z.array(z.string()), data: z.unknown().optional() })

function parseEnvelope<D extends z.ZodType>(dataSchema: D, text: string, context: CallContext): Envelope<z.output<D>> {
  const internal = { status: false as const, messages: [m.error_internal({}, { locale: context.locale })] }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return internal
  }
  const base = baseEnvelope.safeParse(json)
  if (!base.success) return internal
  if (!base.data.status) return { status: false, messages: base.data.messages, data: base.data.data }
  const data = z.safeParse(dataSchema, base.data.data)
  if (!data.success) return internal
  return { status: true, messages: base.data.messages, data: data.data }
}

/** What a server function hands the browser: the data, or the messages and the HTTP code. */
export type CallAnswer<T> = { status: true; messages: string[]; data: T } | { status: false; messages: string[]; httpStatus?: number }

export async function callForBrowser<E extends AnyDef>(
  endpoint: E,
  input: EndpointInput<E> | CallParts,
  context: CallContext,
): Promise<CallAnswer<z.output<E['data']>>> {
  const envelope = await callEndpoint(endpoint, input, context)
  return envelope.status ? envelope : { status: false, messages: envelope.messages, httpStatus: envelope.httpStatus }
}
