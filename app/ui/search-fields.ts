import { MAX_RECORD_ID } from '../../src/contract/record-id'
import { sortKeys } from '../../src/domain/sorts'
import type { Shaped } from './guards'

// The route search schemas: plain readers that implement Standard Schema, which the router's
// validateSearch takes (its types give what a link may pass and what a screen reads). The
// schemas load with every page (the route tree is in the root chunk), so they carry no zod.
// Every field reads any value and never fails: a value left out is the default, a bad one
// falls back to it. Values come as the router reads them (app/ui/search-params.ts): strings.

type Standard<In, Out> = {
  readonly version: 1
  readonly vendor: 'portal'
  readonly validate: (value: unknown) => { value: Out }
  readonly types?: { readonly input: In; readonly output: Out }
}

/** One search param: what a link may pass (`In`) and what the screen reads (`Out`). */
export type SearchField<In, Out> = {
  readonly '~standard': Standard<In, Out>
  parse(value: unknown): Out
  safeParse(value: unknown): { success: true; data: Out }
}

type AnyField = SearchField<unknown, unknown>
type InputOf<F> = F extends SearchField<infer In, unknown> ? In : never
type OutputOf<F> = F extends SearchField<unknown, infer Out> ? Out : never
type Flat<T> = { [K in keyof T]: T[K] } & {}

/** A search field from a reader that takes any value. */
export function searchField<In, Out>(read: (value: unknown) => Out): SearchField<In, Out> {
  return {
    '~standard': { version: 1, vendor: 'portal', validate: (value) => ({ value: read(value) }) },
    parse: read,
    safeParse: (value) => ({ success: true, data: read(value) }),
  }
}

export type SearchObject<S extends Record<string, AnyField>> = SearchField<
  { [K in keyof S]?: InputOf<S[K]> },
  Flat<Shaped<{ [K in keyof S]: OutputOf<S[K]> }>>
> & {
  readonly shape: S
}
/** The output of a search schema (what the screen reads). */
export type SearchOutput<T> = T extends SearchField<unknown, infer Out> ? Out : never

/** A route's search: each field read from its param (a key left out stays out when its field gives undefined), other params dropped. */
export function searchObject<S extends Record<string, AnyField>>(shape: S): SearchObject<S> {
  const read = (value: unknown) => {
    const raw: Record<string, unknown> = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
    const out: Record<string, unknown> = {}
    for (const [key, field] of Object.entries(shape)) {
      const kept = field.parse(raw[key])
      if (kept !== undefined || Object.hasOwn(raw, key)) out[key] = kept
    }
    return out as OutputOf<SearchObject<S>>
  }
  return { ...searchField(read), shape }
}

/** Text of at most `max` characters; '' by default. */
export const searchText = (max: number) => searchField<string, string>((value) => (typeof value === 'string' && value.length <= max ? value : ''))

/** Text of at most `max` characters, or undefined (left out or bad). */
export const optionalSearchText = (max: number) =>
  searchField<string, string | undefined>((value) => (typeof value === 'string' && value.length <= max ? value : undefined))

/** A whole number min … max, read from text as Number() reads it (z.coerce.number()); else undefined. */
export function coercedInt(value: unknown, min: number, max: number): number | undefined {
  if (value === undefined) return undefined
  let number: number
  try {
    number = Number(value)
  } catch {
    return undefined // a symbol, or an object whose valueOf throws
  }
  return Number.isInteger(number) && number >= min && number <= max ? number : undefined
}

/** A record id 1 … 2,147,483,647, or undefined (left out or bad): one reader for every such param. */
export const searchRecordId = searchField<number | string | undefined, number | undefined>((value) => coercedInt(value, 1, MAX_RECORD_ID))

/** A page number 1 … 1,000,000 (the URL holds it as text); 1 by default. */
export const searchPage = searchField<number | string, number>((value) => coercedInt(value, 1, 1_000_000) ?? 1)

const isOneOf = <T extends string>(values: ReadonlyArray<T>, value: unknown): value is T => (values as ReadonlyArray<unknown>).includes(value)

/** One of `values`; `fallback` by default. */
export const searchEnum = <const T extends readonly string[]>(values: T, fallback: T[number]) =>
  searchField<T[number], T[number]>((value) => (isOneOf(values, value) ? value : fallback))

/** A sort over `keys` (see sortKeys); `fallback` by default. */
export const searchSort = <T extends string>(keys: ReadonlyArray<T>, fallback: T | `-${T}`) => searchEnum(sortKeys(keys), fallback)

/** A sort over `keys`, or undefined (left out or bad): the endpoint's own order. */
export const optionalSearchSort = <T extends string>(keys: ReadonlyArray<T>) => {
  const values = sortKeys(keys)
  return searchField<T | `-${T}`, T | `-${T}` | undefined>((value) => (isOneOf(values, value) ? value : undefined))
}
