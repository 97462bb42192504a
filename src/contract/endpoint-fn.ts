import { z } from 'zod'
import type { AnyEndpoint } from './endpoint'

// The shape a server function derived from an endpoint takes (its validator; its method:
// fn-method.ts): the endpoint's path parameters, query and body fields side by side, as
// the screens name them ({ basket, approvalNumber }). Browser-safe: the validator is parsed
// on the server, and the frame parses every field with the endpoint's own schemas.

/** The parts of one call before the frame parses them. */
export type CallParts = { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown }

// A part without fields (NO_PARAMS, NO_QUERY, NO_BODY) adds none.
type Fields<S> = S extends z.ZodObject ? (string extends keyof z.input<S> ? Record<never, never> : z.input<S>) : Record<never, never>
export type FlatInput<E extends AnyEndpoint> = Fields<E['params']> & Fields<E['query']> & Fields<E['body']>

const fields = z.record(z.string(), z.unknown())

/** A call's input as parts: the fields of its params and query (none when a part is no object). */
export function partsOf(input: { params: unknown; query: unknown; body: unknown }): CallParts {
  return { params: recordOf(input.params), query: recordOf(input.query), body: input.body }
}

function recordOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value)) : {}
}

/** The validator: an object of fields, split into the endpoint's parts by its schemas' keys. */
export function fnInput<E extends AnyEndpoint>(endpoint: E): (input: FlatInput<E>) => CallParts {
  const keysOf = (schema: z.ZodType) => new Set(schema instanceof z.ZodObject ? Object.keys(schema.shape) : [])
  const paramKeys = keysOf(endpoint.params)
  const queryKeys = keysOf(endpoint.query)
  const bodyless = endpoint.method === 'GET' || endpoint.method === 'DELETE'
  return (input) => {
    const parts: CallParts = { params: {}, query: {}, body: undefined }
    const body: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(fields.parse(input))) {
      if (paramKeys.has(key)) parts.params[key] = value
      else if (queryKeys.has(key)) parts.query[key] = value
      else body[key] = value
    }
    // Unknown fields go to the body, where the endpoint's schema decides about them.
    return bodyless ? parts : { ...parts, body }
  }
}
