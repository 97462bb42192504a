import fc from 'fast-check'
import { z } from 'zod'
import { validValue, type JsonSchema, type Resolve } from './json-schema-arbitrary'
import { HOSTILE_CONTENT_TYPES, HOSTILE_JSON_TEXTS, hostileFor, hostileText } from './hostile-values'
import type { Operation } from './operations'

// One fuzz case of an operation: a valid input generated from its schemas, then one mutation —
// a field replaced, removed or added, a hostile path segment or query value, a duplicated query
// parameter, a wrong content type, a body no JSON reader expects, or a token that is not the
// caller's — sent as who (a role or nobody) in which language.
export type Who = 'staff' | 'dealer' | 'carpenter' | 'translator' | 'nobody' | 'garbage'
export type Locale = 'de' | 'en'

type Input = { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown }

export type Mutation =
  | { kind: 'none' }
  | { kind: 'body-field'; pick: number; value: unknown }
  | { kind: 'body-remove'; pick: number }
  | { kind: 'body-add'; name: string; value: unknown }
  | { kind: 'body-replace'; value: unknown }
  | { kind: 'path'; pick: number; text: string }
  | { kind: 'query'; pick: number; text: string }
  | { kind: 'query-duplicate'; pick: number; text: string }
  | { kind: 'content-type'; contentType: string | undefined }
  | { kind: 'raw-body'; text: string }

export type Case = { input: Input; mutation: Mutation; who: Who; locale: Locale }

const record = z.record(z.string(), z.unknown())

function inputOf(op: Operation, resolve: Resolve): fc.Arbitrary<Input> {
  const params = fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, validValue(p.schema, resolve)])))
  const query = fc.record(Object.fromEntries(op.query.map((p) => [p.name, validValue(p.schema, resolve)])), {
    requiredKeys: op.query.filter((p) => p.required).map((p) => p.name),
  })
  const body = op.body ? validValue(op.body.schema, resolve) : fc.constant(undefined)
  return fc.record({ params, query, body })
}

function mutationOf(op: Operation, resolve: Resolve): fc.Arbitrary<Mutation> {
  const properties = op.body ? Object.entries(record.parse(resolve(op.body.schema).properties ?? {})) : []
  const schemaAt = (pick: number): JsonSchema | undefined => {
    const entry = properties[pick % Math.max(1, properties.length)]
    return entry ? resolve(entry[1]) : undefined
  }
  const options: Array<fc.Arbitrary<Mutation>> = [fc.constant<Mutation>({ kind: 'none' })]
  if (op.body) {
    if (properties.length > 0) {
      options.push(
        fc.nat().chain((pick) => hostileFor(schemaAt(pick)).map((value): Mutation => ({ kind: 'body-field', pick, value }))),
        fc.nat().map((pick): Mutation => ({ kind: 'body-remove', pick })),
        fc
          .tuple(fc.constantFrom('unknown_field', '__proto__', 'constructor', 'a'.repeat(300)), hostileFor(undefined))
          .map(([name, value]): Mutation => ({ kind: 'body-add', name, value })),
      )
    }
    options.push(
      hostileFor(undefined).map((value): Mutation => ({ kind: 'body-replace', value })),
      fc.constantFrom(...HOSTILE_CONTENT_TYPES).map((contentType): Mutation => ({ kind: 'content-type', contentType })),
      fc.constantFrom(...HOSTILE_JSON_TEXTS).map((text): Mutation => ({ kind: 'raw-body', text })),
    )
  }
  if (op.pathParams.length > 0) options.push(fc.tuple(fc.nat(), hostileText).map(([pick, text]): Mutation => ({ kind: 'path', pick, text })))
  if (op.query.length > 0) {
    options.push(
      fc.tuple(fc.nat(), hostileText).map(([pick, text]): Mutation => ({ kind: 'query', pick, text })),
      fc.tuple(fc.nat(), hostileText).map(([pick, text]): Mutation => ({ kind: 'query-duplicate', pick, text })),
    )
  }
  return fc.oneof(...options)
}

export function casesOf(op: Operation, resolve: Resolve): fc.Arbitrary<Case> {
  return fc.record({
    input: inputOf(op, resolve),
    mutation: mutationOf(op, resolve),
    who: fc.constantFrom<Who>('staff', 'staff', 'dealer', 'carpenter', 'translator', 'nobody', 'garbage'),
    locale: fc.constantFrom<Locale>('de', 'en'),
  })
}

/** The text of a path parameter or query value as a URL carries it. */
function asText(value: unknown): string {
  return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))
}

/** The request a case sends (an absolute URL on localhost). */
export function requestOf(op: Operation, c: Case, tokens: Record<Exclude<Who, 'nobody' | 'garbage'>, string>): Request {
  const { mutation } = c
  const params = Object.fromEntries(Object.entries(c.input.params).map(([name, value]) => [name, asText(value)]))
  const paramNames = op.pathParams.map((p) => p.name)
  if (mutation.kind === 'path' && paramNames.length > 0) params[paramNames[mutation.pick % paramNames.length]!] = mutation.text
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '1')
  const query: Array<[string, string]> = Object.entries(c.input.query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => [name, asText(value)])
  const queryNames = op.query.map((p) => p.name)
  if ((mutation.kind === 'query' || mutation.kind === 'query-duplicate') && queryNames.length > 0) {
    const name = queryNames[mutation.pick % queryNames.length]!
    if (mutation.kind === 'query') {
      const at = query.findIndex(([key]) => key === name)
      if (at >= 0) query.splice(at, 1)
    }
    query.push([name, mutation.text])
  }
  const search = query.map(([name, value]) => `${name}=${value}`).join('&')
  const headers = new Headers({ 'accept-language': c.locale })
  if (c.who === 'garbage') headers.set('authorization', 'Bearer not.a.token')
  else if (c.who !== 'nobody') headers.set('authorization', `Bearer ${tokens[c.who]}`)
  const init: RequestInit = { method: op.method, headers }
  if (op.body && op.method !== 'GET') {
    const body = mutatedBody(op, c)
    if (mutation.kind === 'raw-body') {
      init.body = mutation.text
      headers.set('content-type', 'application/json')
    } else if (op.body.multipart) {
      init.body = formOf(body)
    } else {
      init.body = JSON.stringify(body) ?? ''
      headers.set('content-type', 'application/json')
    }
    if (mutation.kind === 'content-type') {
      if (mutation.contentType === undefined) headers.delete('content-type')
      else headers.set('content-type', mutation.contentType)
    }
  }
  return new Request(`http://localhost${path}${search ? `?${search}` : ''}`, init)
}

function mutatedBody(op: Operation, c: Case): unknown {
  const { mutation } = c
  const body = c.input.body
  if (mutation.kind === 'body-replace') return mutation.value
  const fields = record.safeParse(body)
  if (!fields.success) return body
  const next: Record<string, unknown> = { ...fields.data }
  const names = Object.keys(record.parse(op.body?.schema.properties ?? {}))
  if (mutation.kind === 'body-field' && names.length > 0) next[names[mutation.pick % names.length]!] = mutation.value
  if (mutation.kind === 'body-remove' && names.length > 0) delete next[names[mutation.pick % names.length]!]
  if (mutation.kind === 'body-add') Object.defineProperty(next, mutation.name, { value: mutation.value, enumerable: true, configurable: true, writable: true })
  return next
}

/** A multipart body: files as files, everything else as text (JSON for objects). */
function formOf(body: unknown): FormData {
  const form = new FormData()
  const fields = record.safeParse(body)
  if (!fields.success) {
    form.set('document', JSON.stringify(body) ?? '')
    return form
  }
  for (const [name, value] of Object.entries(fields.data)) {
    if (value instanceof File) form.set(name, value)
    else if (value !== undefined) form.set(name, typeof value === 'string' ? value : JSON.stringify(value))
  }
  return form
}
