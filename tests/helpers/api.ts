import { z } from 'zod'
import { useDatabase } from '../../src/server/db/instance.server'
import { handleVueRequest } from '../../src/server/vue/dispatch.server'
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts'
import { freshDatabase, type TestDatabase } from './database'

// Calls /vue/ endpoints in-process through the same dispatcher the HTTP route uses.
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

export type TestApi = {
  database: TestDatabase
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>
  loginAs(username: string, nowMs?: number): Promise<string>
  close(): Promise<void>
}

/** database: one the test opened itself (e.g. through tests/helpers/pg-proxy.ts) instead of a fresh one. */
export async function startApi({ seed = true, database: given }: { seed?: boolean; database?: TestDatabase } = {}): Promise<TestApi> {
  const database = given ?? (await freshDatabase({ seed }))
  useDatabase(database)
  const call: TestApi['call'] = async (method, path, options = {}) => {
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
  const loginAs: TestApi['loginAs'] = async (username, nowMs) => {
    const result = await call('POST', '/vue/login/', { body: { username, password: DEMO_PASSWORD }, nowMs, clientAddress: `10.0.0.${username.length}` })
    const data = z.object({ jwt: z.string() }).parse(result.data)
    return data.jwt
  }
  return {
    database,
    call,
    loginAs,
    close: () => database.dispose(),
  }
}
