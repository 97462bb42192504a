import type { z } from 'zod'
import type { EndpointDef, EndpointInput } from '../../contract/endpoint'
import { partsOf, type CallParts } from '../../contract/endpoint-fn'
import { failed, forBrowser, fromEnvelope, toEnvelope, type Result, type ResultWithData } from '../../contract/result'
import { m } from '../../paraglide/messages'
import { getDatabase } from '../db/instance.server'
import { env } from '../env.server'
import { logger } from '../ops/logger.server'
import { noteCaller } from '../ops/request-context.server'
import { noteRenderUnavailable } from '../render-outage.server'
import { sendRemote, type CallContext } from '../http-api/remote.server'
import { failureOf } from './failure.server'
import type { PastEnd } from './paging.server'
import { allImplementations } from './registry.server'

// How server functions reach an endpoint. In-process they call the frame directly — no URL,
// no Request, no JSON in between: input parsed once, access and scope, handler, and outside
// production the answer's schema. With VUE_BACKEND_URL the same call goes over HTTP to
// another /vue/ backend. Both answer the same result and codes (tests/vue/permission-grid).
export type { CallContext }

type AnyDef = EndpointDef<z.ZodType, z.ZodType, z.ZodType, z.ZodType>
type Answer<E extends AnyDef> = ResultWithData<z.output<E['data']>>

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
    return failed(undefined, [m.error_backend_unreachable({}, { locale: context.locale })])
  }
  if (response.status === 503 && response.headers.has('retry-after')) noteRenderUnavailable('backend answered 503')
  return (
    fromEnvelope<E['data']>(endpoint.data, parseJson(await response.text()), response.status) ??
    failed(response.status, [m.error_internal({}, { locale: context.locale })])
  )
}

/**
 * The endpoint's answer as a Response, unparsed — for answers too large to pass through a
 * server function's serializer (a 100,000-entry dictionary): the server function hands the
 * envelope's JSON to the browser as it is. null when the backend cannot be reached.
 */
export async function sendToEndpoint<E extends AnyDef>(endpoint: E, input: EndpointInput<E>, context: CallContext): Promise<Response | null> {
  const backendUrl = env().VUE_BACKEND_URL
  if (backendUrl) return reachRemote(endpoint, input, context, backendUrl)
  const { httpStatus, envelope } = toEnvelope(endpoint.path, await callInProcess(endpoint, input, context))
  return new Response(JSON.stringify(envelope), { status: httpStatus })
}

/** The call in this process; `pastEnd`: how a paged list answers a page past the last (paging.server.ts). */
export async function callInProcess<E extends AnyDef>(endpoint: E, input: Parts, context: CallContext, pastEnd: PastEnd = 'refuse'): Promise<Answer<E>> {
  const implementation = implementations.get(endpoint.id)
  if (!implementation) throw new Error(`no implementation of ${endpoint.id} in the registry`)
  const nowMs = Date.now()
  const origin = new URL(context.origin)
  try {
    const { db } = await getDatabase()
    const caller = await implementation.admit(db, context.token, nowMs)
    // A page's or server function's request line names its user (src/server/ops/request-log.server.ts).
    noteCaller(caller)
    // The typed input as it is (no text in between): the frame parses it once with the
    // endpoint's schemas, as it parses a URL's text. A body-less call has no body, as over HTTP.
    const bodyless = endpoint.method === 'GET' || endpoint.method === 'DELETE'
    const parts = partsOf(input)
    const raw = { ...parts, body: bodyless ? undefined : (parts.body ?? {}) }
    const base = {
      db,
      locale: context.locale,
      clientAddress: context.clientAddress,
      userAgent: context.userAgent ?? '',
      host: origin.host,
      origin: origin.origin,
      nowMs,
      pastEnd,
    }
    const data = await implementation.run(raw, base, caller)
    return answered(endpoint, data) ? { status: true, messages: [], data } : failed(500, [m.error_internal({}, { locale: context.locale })])
  } catch (error) {
    const failure = failureOf(error, context.locale, endpoint.method, endpoint.path)
    return failed(failure.httpStatus, failure.messages, failure.data)
  }
}

/**
 * The registry is keyed by this endpoint's id, and its frame checked the data against this
 * very schema outside production; production trusts the handler's typed return.
 */
function answered<E extends AnyDef>(endpoint: E, _data: unknown): _data is z.output<E['data']> {
  return implementations.get(endpoint.id)?.endpoint === endpoint
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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** What a server function hands the browser (forBrowser): the failure's data stays here. */
export async function callForBrowser<E extends AnyDef>(
  endpoint: E,
  input: EndpointInput<E> | CallParts,
  context: CallContext,
): Promise<Result<z.output<E['data']>>> {
  return forBrowser(await callEndpoint(endpoint, input, context))
}
