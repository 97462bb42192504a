// Checks of values read back from outside the code (localStorage, the start context): type
// guards that compose, so a check reads as the type it checks — without a schema library,
// as the modules that use them load with every page. Annotate a composed guard with the type
// it stands for (`const x: Guard<T> = …`), and tsc fails when the two drift apart.

export type Guard<T> = (value: unknown) => value is T
type Guarded<G> = G extends Guard<infer T> ? T : never
/** Keys whose value may be undefined are optional (as zod's objects have them). */
export type Shaped<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & { [K in keyof T as undefined extends T[K] ? K : never]?: T[K] }

export const isString: Guard<string> = (value) => typeof value === 'string'
export const isNonEmpty: Guard<string> = (value): value is string => typeof value === 'string' && value.length > 0
export const isBoolean: Guard<boolean> = (value) => typeof value === 'boolean'
/** A whole number (safe integer), as zod's int(). */
export const isInt: Guard<number> = (value): value is number => Number.isSafeInteger(value)

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

export const nullable =
  <T>(guard: Guard<T>): Guard<T | null> =>
  (value): value is T | null =>
    value === null || guard(value)

export const optional =
  <T>(guard: Guard<T>): Guard<T | undefined> =>
  (value): value is T | undefined =>
    value === undefined || guard(value)

export const oneOf =
  <const T extends readonly unknown[]>(values: T): Guard<T[number]> =>
  (value): value is T[number] =>
    values.includes(value)

export const arrayOf =
  <T>(guard: Guard<T>): Guard<T[]> =>
  (value): value is T[] =>
    Array.isArray(value) && value.every((item) => guard(item))

/** A tuple of exactly the given items. */
export const tupleOf =
  <const G extends readonly Guard<unknown>[]>(...guards: G): Guard<{ -readonly [K in keyof G]: Guarded<G[K]> }> =>
  (value): value is { -readonly [K in keyof G]: Guarded<G[K]> } =>
    Array.isArray(value) && value.length === guards.length && guards.every((guard, index) => guard(value[index]))

/** An object with (at least) these keys, each as its guard checks it. */
export const objectOf = <S extends Record<string, Guard<unknown>>>(shape: S) =>
  ((value: unknown) => isRecord(value) && Object.entries(shape).every(([key, guard]) => guard(value[key]))) as Guard<Shaped<{ [K in keyof S]: Guarded<S[K]> }>>
