import { z } from 'zod'
import type { Locale } from '../../contract/envelope'
import { failureStatusesOf, type AnyEndpoint, type EndpointDef } from '../../contract/endpoint'
import type { Caller } from '../auth/caller.server'
import type { Db } from '../db/types'
import { env } from '../env.server'
import { ApiError, invalidInput } from './errors.server'
import { issueText } from './validation.server'

// Binds a handler to its endpoint definition; parsing happens here so the handler gets
// typed, validated input and never sees raw request data.
export type BaseContext = {
  db: Db
  caller: Caller | null
  locale: Locale
  clientAddress: string
  host: string
  origin: string
  nowMs: number
}

export type HandlerContext<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = BaseContext & {
  input: { params: z.output<P>; query: z.output<Q>; body: z.output<B> }
}

export type RawInput = { params: Record<string, string>; query: Record<string, string>; body: unknown }

export type Implementation = {
  endpoint: AnyEndpoint
  run(raw: RawInput, base: BaseContext): Promise<unknown>
}

export function implement<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, D extends z.ZodType>(
  endpoint: EndpointDef<P, Q, B, D>,
  handler: (context: HandlerContext<P, Q, B>) => Promise<z.output<D>>,
): Implementation {
  return {
    endpoint,
    async run(raw, base) {
      const params = z.safeParse(endpoint.params, raw.params)
      const query = z.safeParse(endpoint.query, raw.query)
      const body = z.safeParse(endpoint.body, raw.body)
      const texts = [
        ...(params.success ? [] : params.error.issues.map((issue) => issueText(issue, raw.params))),
        ...(query.success ? [] : query.error.issues.map((issue) => issueText(issue, raw.query))),
        ...(body.success ? [] : body.error.issues.map((issue) => issueText(issue, raw.body))),
      ]
      if (!params.success || !query.success || !body.success) throw invalidInput(texts)
      try {
        return await handler({ ...base, input: { params: params.data, query: query.data, body: body.data } })
      } catch (error) {
        if (error instanceof ApiError) reportUndocumented(endpoint, error.httpStatus)
        throw error
      }
    },
  }
}

/** /vue/openapi.json lists every failure code an endpoint answers; outside production a code it does not list is an error to fix there. */
function reportUndocumented(endpoint: AnyEndpoint, status: number): void {
  if (env().NODE_ENV === 'production') return
  if (failureStatusesOf(endpoint).some((documented) => documented === status)) return
  console.error(`[vue] ${endpoint.id} answered ${status}, which its definition does not list (add it to failures)`)
}
