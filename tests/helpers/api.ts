import { z } from 'zod'
import type { AnyEndpoint } from '../../src/contract/endpoint'
import type { FlatInput } from '../../src/contract/endpoint-fn'
import { loginEndpoint, switchUserEndpoint, type SessionUser } from '../../src/contract/session'
import { useDatabase } from '../../src/server/db/instance.server'
import { handleVueRequest } from '../../src/server/http-api/dispatch.server'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/seed/demo-accounts'
import { freshDatabase, type TestDatabase } from './database'
import { Answer, requestOf, type InputArgs, type PathInput, type Unchecked } from './endpoint-call'

// Calls /vue/ endpoints in-process through the same dispatcher the HTTP route uses: by their
// contract (`call`, `upload`; docs/testing.md), or by a literal URL (`request`) where the URL
// itself is what a test pins.
const envelope = z.object({ status: z.boolean(), messages: z.array(z.string()), data: z.unknown().optional(), error: z.string().optional() })

export type CallOptions = {
  token?: string
  authorization?: string
  body?: unknown
  rawBody?: string
  /** A multipart/form-data body (the content type with its boundary is set by Request). */
  form?: FormData
  /** A body sent as it is made (tests/helpers/streamed-upload.ts); with `length`, Content-Length is declared. */
  stream?: { body: ReadableStream<Uint8Array>; contentType: string; length?: number }
  headers?: Record<string, string>
  nowMs?: number
  clientAddress?: string
  locale?: 'de' | 'en'
}

/** error: the messages joined, on failures of translation calls only. */
export type CallResult = { httpStatus: number; status: boolean; messages: string[]; data: unknown; error?: string; headers: Headers }

/** A call by contract: the body is made from the input (`body` only for a body that is not an object). */
export type EndpointOptions = Omit<CallOptions, 'rawBody' | 'form' | 'stream'>
export type UploadBody = { form: FormData } | { stream: NonNullable<CallOptions['stream']> }

/** A signed-in account: its token and the session user the login answered. */
export type Session = { token: string; user: SessionUser }
export type SwitchOptions = { by?: string; reason?: string; nowMs?: number }

export type TestApi = {
  database: TestDatabase
  call<E extends AnyEndpoint>(endpoint: E, ...args: InputArgs<FlatInput<E>, EndpointOptions>): Promise<Answer<E>>
  /** A multipart or streamed body; the input holds the path parameters and query fields. */
  upload<E extends AnyEndpoint>(endpoint: E, input: PathInput<E> | Unchecked, body: UploadBody, options?: EndpointOptions): Promise<Answer<E>>
  /** A literal method and URL: for the tests that pin the spec's URLs or send what no contract allows. */
  request(method: string, path: string, options?: CallOptions): Promise<CallResult>
  signIn(account: { username: string }, options?: { nowMs?: number }): Promise<Session>
  /** Switches to the account (switch user), by default as staff; `by` is the switching session's token. */
  switchTo(account: { username: string }, options?: SwitchOptions): Promise<Session>
  loginAs(username: string, nowMs?: number): Promise<string>
  close(): Promise<void>
}

/** database: one the test opened itself (e.g. through tests/helpers/pg-proxy.ts) instead of a fresh one. */
export async function startApi({ seed = true, database: given }: { seed?: boolean; database?: TestDatabase } = {}): Promise<TestApi> {
  const database = given ?? (await freshDatabase({ seed }))
  useDatabase(database)
  const request: TestApi['request'] = async (method, path, options = {}) => {
    const headers = new Headers(options.headers)
    headers.set('accept-language', options.locale ?? 'en')
    if (options.token) headers.set('authorization', `JWT ${options.token}`)
    if (options.authorization) headers.set('authorization', options.authorization)
    let body: string | FormData | ReadableStream<Uint8Array> | undefined = options.form ?? options.rawBody
    if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers.set('content-type', 'application/json')
    }
    if (options.stream) {
      body = options.stream.body
      headers.set('content-type', options.stream.contentType)
      if (options.stream.length !== undefined) headers.set('content-length', String(options.stream.length))
    }
    // A stream body is sent half-duplex (fetch's rule for streamed requests; the DOM types lack it).
    const init: RequestInit & { duplex: 'half' } = { method, headers, body, duplex: 'half' }
    const request = new Request(`http://localhost${path}`, init)
    const response = await handleVueRequest(request, {
      clientAddress: options.clientAddress ?? '127.0.0.1',
      nowMs: options.nowMs,
    })
    const parsed = envelope.parse(await response.json())
    return { httpStatus: response.status, ...parsed, data: parsed.data, headers: response.headers }
  }
  const send = async <E extends AnyEndpoint>(endpoint: E, input: object | undefined, options: CallOptions) => {
    const { path, body } = requestOf(endpoint, input)
    const sent = options.body !== undefined || options.form || options.stream ? {} : { body }
    return new Answer(endpoint, await request(endpoint.method, path, { ...options, ...sent }))
  }
  const call: TestApi['call'] = (endpoint, ...[input, options = {}]) => send(endpoint, input, options)
  const upload: TestApi['upload'] = (endpoint, input, body, options = {}) => send(endpoint, input, { ...options, ...body })
  const signIn: TestApi['signIn'] = async ({ username }, { nowMs } = {}) => {
    const options = { nowMs, clientAddress: `10.0.0.${username.length}` }
    const { data } = await call(loginEndpoint, { username, password: DEMO_PASSWORD }, options)
    return { token: data.jwt, user: data.user }
  }
  const switchTo: TestApi['switchTo'] = async ({ username }, { by, reason = 'Support request', nowMs } = {}) => {
    const token = by ?? (await signIn(DEMO_ACCOUNTS.staff, { nowMs })).token
    const { data } = await call(switchUserEndpoint, { email: username, reason }, { token, nowMs })
    return { token: data.jwt, user: data.user }
  }
  return {
    database,
    call,
    upload,
    request,
    signIn,
    switchTo,
    loginAs: async (username, nowMs) => (await signIn({ username }, { nowMs })).token,
    close: () => database.dispose(),
  }
}
