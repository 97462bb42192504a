import fc from 'fast-check'
import { z } from 'zod'

// Valid values for a JSON Schema of /vue/openapi.json (the input side of an operation), as
// fast-check arbitraries: the fuzz suite derives what it sends from the same document a client
// generator reads, not from a hand-written list. Only what the document uses is understood;
// anything else fails loudly, so a new keyword cannot be ignored silently.
export type JsonSchema = Record<string, unknown>

const schemaObject = z.record(z.string(), z.unknown())
const KNOWN = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'default',
  'description',
  '$ref',
  'title',
  'examples',
  'readOnly',
  'contentMediaType',
  'contentSchema',
])

/** Follows `$ref`s into the document's components. */
export function resolver(document: JsonSchema): (schema: unknown) => JsonSchema {
  return function resolve(schema) {
    const object = schemaObject.parse(schema)
    const ref = object.$ref
    if (typeof ref !== 'string') return object
    const path = ref.replace(/^#\//, '').split('/')
    let target: unknown = document
    for (const part of path) target = schemaObject.parse(target)[part]
    return resolve(target)
  }
}

export type Resolve = ReturnType<typeof resolver>

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback)
const list = (value: unknown) => (Array.isArray(value) ? value : [])

/** The types a schema allows (`type` as a string or an array; absent: any). */
export function typesOf(schema: JsonSchema): string[] {
  const type = schema.type
  if (typeof type === 'string') return [type]
  if (Array.isArray(type)) return type.filter((entry): entry is string => typeof entry === 'string')
  return []
}

export const emailValue = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/), fc.stringMatching(/^[a-z][a-z0-9]{1,9}$/), fc.constantFrom('de', 'com', 'example'))
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`)

/** A valid value of `schema`. `depth` bounds nested objects and arrays. */
export function validValue(schema: unknown, resolve: Resolve, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema)
  for (const key of Object.keys(s)) if (!KNOWN.has(key)) throw new Error(`fuzz: JSON Schema keyword "${key}" is not understood`)
  if ('const' in s) return fc.constant(s.const)
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum)
  const alternatives = list(s.anyOf ?? s.oneOf)
  if (alternatives.length > 0) return fc.oneof(...alternatives.map((entry) => validValue(entry, resolve, depth)))
  const types = typesOf(s)
  if (types.length > 1) return fc.oneof(...types.map((type) => validValue({ ...s, type }, resolve, depth)))
  switch (types[0]) {
    case 'null':
      return fc.constant(null)
    case 'boolean':
      return fc.boolean()
    case 'integer': {
      const min = Math.max(-1_000_000, 'exclusiveMinimum' in s ? numberOr(s.exclusiveMinimum, 0) + 1 : numberOr(s.minimum, -1_000))
      const max = Math.min(1_000_000, 'exclusiveMaximum' in s ? numberOr(s.exclusiveMaximum, 0) - 1 : numberOr(s.maximum, 1_000_000))
      // Small numbers most of the time: the ids of the demo data are small, and a call with a
      // real id reaches further into the handler than one with an unknown id.
      const upper = Math.max(min, max)
      return fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min, max: Math.min(upper, Math.max(min, 0) + 60) }) },
        { weight: 1, arbitrary: fc.integer({ min, max: upper }) },
      )
    }
    case 'number': {
      const min = 'exclusiveMinimum' in s ? numberOr(s.exclusiveMinimum, 0) + 0.01 : numberOr(s.minimum, -1_000)
      const max = 'exclusiveMaximum' in s ? numberOr(s.exclusiveMaximum, 0) - 0.01 : numberOr(s.maximum, 1_000_000)
      return fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true })
    }
    case 'string':
      // JSON text inside a form field (the company edit's `document`): valid JSON of its schema.
      if (s.contentMediaType === 'application/json' && s.contentSchema !== undefined)
        return validValue(s.contentSchema, resolve, depth + 1).map((value) => JSON.stringify(value))
      return stringValue(s)
    case 'array': {
      const prefix = list(s.prefixItems)
      if (prefix.length > 0) return fc.tuple(...prefix.map((entry) => validValue(entry, resolve, depth + 1)))
      const minLength = numberOr(s.minItems, 0)
      const maxLength = depth > 2 ? minLength : Math.max(minLength, Math.min(numberOr(s.maxItems, 4), 4))
      return fc.array(s.items === undefined ? fc.string() : validValue(s.items, resolve, depth + 1), { minLength, maxLength })
    }
    case 'object':
    case undefined:
      return objectValue(s, resolve, depth)
    default:
      throw new Error(`fuzz: JSON Schema type "${types[0]}" is not understood`)
  }
}

function stringValue(s: JsonSchema): fc.Arbitrary<unknown> {
  if (s.format === 'binary') return fileValue
  const minLength = numberOr(s.minLength, 0)
  const maxLength = Math.max(minLength, Math.min(numberOr(s.maxLength, 40), 40))
  const fits = (value: string) => value.length >= minLength && value.length <= numberOr(s.maxLength, Number.POSITIVE_INFINITY)
  if (s.format === 'email') return emailValue.filter(fits)
  if (typeof s.pattern === 'string') return fc.stringMatching(new RegExp(s.pattern)).filter(fits)
  return fc.string({ minLength, maxLength })
}

/** Small text files, the shape multipart fields of `format: binary` take. */
const fileValue = fc
  .tuple(fc.string({ maxLength: 200 }), fc.constantFrom('text/csv', 'text/xml', 'image/png', 'application/octet-stream'))
  .map(([text, type]) => new File([text], type === 'image/png' ? 'logo.png' : type === 'text/xml' ? 'texts.xml' : 'file.csv', { type }))

function objectValue(s: JsonSchema, resolve: Resolve, depth: number): fc.Arbitrary<unknown> {
  const properties = schemaObject.parse(s.properties ?? {})
  const required = new Set(list(s.required).filter((entry): entry is string => typeof entry === 'string'))
  const shape: Record<string, fc.Arbitrary<unknown>> = {}
  for (const [name, property] of Object.entries(properties)) shape[name] = validValue(property, resolve, depth + 1)
  const fixed = fc.record(shape, { requiredKeys: [...required].filter((name) => name in shape) })
  const extra = s.additionalProperties
  if (typeof extra !== 'object' || extra === null || depth > 2) return fixed
  const keys = s.propertyNames === undefined ? fc.string({ minLength: 1, maxLength: 12 }) : validValue(s.propertyNames, resolve, depth + 1)
  const more = fc.dictionary(
    keys.map((key) => String(key)),
    validValue(extra, resolve, depth + 1),
    { maxKeys: 3 },
  )
  return fc.tuple(fixed, more).map(([known, added]) => ({ ...added, ...known }))
}
