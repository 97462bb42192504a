import { z } from 'zod'
import { type NO_BODY, endpointUrl, type AnyEndpoint, type EndpointData } from '../../src/contract/endpoint'
import type { FlatInput } from '../../src/contract/endpoint-fn'

// How a test names a call: the endpoint's contract (src/contract/) and its input as the screens
// give it, path parameters, query and body fields side by side. The path, the query string and
// the JSON body are made from the contract's schemas, and the answer is parsed with its own.

const UNCHECKED = Symbol('unchecked')

/** Input the contract refuses, sent as it is: for the tests of 400 answers. */
export type Unchecked = { readonly [UNCHECKED]: Record<string, unknown> }

export function unchecked(fields: Record<string, unknown>): Unchecked {
  return { [UNCHECKED]: fields }
}

/** Path parameters and query fields: the input of an upload, whose body is a form or a stream. */
export type PathInput<E extends AnyEndpoint> = FlatInput<Omit<E, 'body'> & { body: typeof NO_BODY }>

/** The input may be left out when the endpoint has no required field. */
export type InputArgs<I, O> = Record<never, never> extends I ? [input?: I | Unchecked, options?: O] : [input: I | Unchecked, options?: O]

const keysOf = (schema: z.ZodType) => new Set(schema instanceof z.ZodObject ? Object.keys(schema.shape) : [])
const fields = z.record(z.string(), z.unknown())

function isUnchecked(input: object): input is Unchecked {
  return UNCHECKED in input
}

/** The URL path with its parameters and query string, and the JSON body's fields (undefined: no body). */
export function requestOf(endpoint: AnyEndpoint, input: object | undefined): { path: string; body: Record<string, unknown> | undefined } {
  const given = input === undefined ? {} : isUnchecked(input) ? input[UNCHECKED] : fields.parse(input)
  const paramKeys = keysOf(endpoint.params)
  const queryKeys = keysOf(endpoint.query)
  // A GET or DELETE has no body: fields the contract does not know go into the query string.
  const bodyless = endpoint.method === 'GET' || endpoint.method === 'DELETE'
  const params: Record<string, unknown> = {}
  const query = new URLSearchParams()
  const body: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(given)) {
    if (paramKeys.has(key)) params[key] = value
    else if (queryKeys.has(key) || bodyless) {
      for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined) query.append(key, String(item))
    } else body[key] = value
  }
  const search = query.size > 0 ? `?${query.toString()}` : ''
  const sendsBody = !bodyless && (endpoint.body instanceof z.ZodObject || Object.keys(body).length > 0)
  return { path: `${endpointUrl(endpoint.path, params)}${search}`, body: sendsBody ? body : undefined }
}

/** What every /vue/ answer carries, as the test received it. */
export type Received = { httpStatus: number; status: boolean; messages: string[]; data?: unknown; error?: string; headers: Headers }

/**
 * An answer: its HTTP code, status, messages (and `error` on translation calls) as sent. `data`
 * is the success data parsed with the endpoint's schema; reading it on a failure throws with the
 * code and messages. `failure` is a failure's data (conflicts, a second factor asked for).
 */
export class Answer<E extends AnyEndpoint> {
  readonly httpStatus: number
  readonly status: boolean
  readonly messages: string[]
  readonly error?: string
  readonly headers: Headers
  readonly failure: unknown
  readonly #data: { value: EndpointData<E> } | undefined
  readonly #what: string

  constructor(endpoint: E, received: Received) {
    this.httpStatus = received.httpStatus
    this.status = received.status
    this.messages = received.messages
    if (received.error !== undefined) this.error = received.error
    this.headers = received.headers
    this.#what = `${endpoint.method} ${endpoint.path} answered ${received.httpStatus}`
    this.failure = received.status ? undefined : received.data
    const schema: E['data'] = endpoint.data
    this.#data = received.status ? { value: schema.parse(received.data) } : undefined
  }

  get data(): EndpointData<E> {
    if (!this.#data) throw new Error(`${this.#what}: ${this.messages.join(' ')}`)
    return this.#data.value
  }
}
