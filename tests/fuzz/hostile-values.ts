import fc from 'fast-check'
import { typesOf, type JsonSchema } from './json-schema-arbitrary'

// What a machine throws at a field: the wrong type, one past each boundary the schema states,
// huge strings and arrays, and the Unicode that breaks naive code (NUL, lone surrogates,
// right-to-left marks, stacked combining marks, 4-byte emoji, byte-order marks, line separators).
export const UNICODE_EDGES = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\u202eevil\u202c',
  '\u200f\u200e',
  'e\u0301\u0301\u0301\u0301\u0301',
  '😀',
  '👩‍👩‍👧‍👦',
  '\ufeff',
  '\u2028\u2029',
  '\uffff',
  'ﬀ',
  'İ',
  '\r\n\t',
]

export const WRONG_TYPES: unknown[] = [0, -1, 1.5, -0, 2 ** 31, 2 ** 53 + 1, 1e308, true, false, null, [], {}, [1, 'a'], { a: 1 }, '', ' ', 'x']

const HUGE_STRING = 'x'.repeat(1_000_000)
const HUGE_ARRAY = Array.from({ length: 100_000 }, () => 0)

/** Values one step outside what `schema` allows, plus huge and Unicode ones. */
export function hostileFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const edges: unknown[] = [...WRONG_TYPES, HUGE_STRING, HUGE_ARRAY]
  if (schema) {
    const types = typesOf(schema)
    const num = (key: string) => (typeof schema[key] === 'number' ? schema[key] : undefined)
    if (types.includes('string')) {
      const min = num('minLength')
      const max = num('maxLength')
      if (min !== undefined && min > 0) edges.push('a'.repeat(min - 1))
      if (max !== undefined) edges.push('a'.repeat(max + 1), `${'ä'.repeat(max)}😀`)
    }
    if (types.includes('integer') || types.includes('number')) {
      for (const key of ['minimum', 'exclusiveMinimum']) if (num(key) !== undefined) edges.push(num(key)! - 1, num(key)!)
      for (const key of ['maximum', 'exclusiveMaximum']) if (num(key) !== undefined) edges.push(num(key)! + 1, num(key)!)
      edges.push(0.5, '1', '1e3', 'NaN')
    }
    if (types.includes('array')) {
      const max = num('maxItems')
      if (max !== undefined) edges.push(Array.from({ length: max + 1 }, () => 'a'))
    }
  }
  return fc.oneof(
    fc.constantFrom(...edges),
    fc.constantFrom(...UNICODE_EDGES),
    // An ordinary value with an edge inside it.
    fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...UNICODE_EDGES), fc.string({ maxLength: 8 })).map(([a, edge, b]) => `${a}${edge}${b}`),
  )
}

/** A path segment or query value a machine would send: text, encoded or not. */
export const hostileText = fc.oneof(
  fc.constantFrom(
    'abc',
    '-1',
    '0',
    '1.5',
    '1e30',
    '0x10',
    '١٢',
    '9'.repeat(400),
    '%00',
    'a%00b',
    '%ED%A0%80',
    '%F0%9F%98%80',
    '%E2%80%AE',
    "1'%3B--",
    '%20',
    '..',
    '%2E%2E',
    '%2F',
    'x'.repeat(10_000),
    '',
    '[]',
    '%7B%7D',
    'true',
    'null',
  ),
  fc.string({ maxLength: 20 }).map((text) => encodeURIComponent(text)),
)

/** Bodies no JSON reader should choke on, as raw text. */
export const HOSTILE_JSON_TEXTS = [
  '',
  '{',
  '{"a":}',
  'null',
  '[]',
  '"text"',
  '1e309',
  '{"a":1,"a":2}',
  '\ufeff{}',
  '{"a":"\u0000"}',
  '{"\\ud800":1}',
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  `{"a":"${'x'.repeat(2_000_000)}"}`,
]

export const HOSTILE_CONTENT_TYPES = [
  undefined,
  'text/plain',
  'application/xml',
  'application/json; charset=utf-16',
  'multipart/form-data',
  'multipart/form-data; boundary=zzz',
  'application/x-www-form-urlencoded',
  '*/*',
  'application/json, text/html',
]
