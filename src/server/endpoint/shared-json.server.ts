// Answers kept in a read cache are shared by every request that the cache answers, and nobody
// changes them: their JSON text is made once, for the first request, and kept beside them as
// long as the cache keeps the value (decision 024). Anything not marked is serialized as usual.
const shared = new WeakSet<object>()
const texts = new WeakMap<object, string>()

/** Marks a value that is kept and never changed again (a read cache's entry); answers it. */
export function sharedAnswer<T extends object>(value: T): T {
  shared.add(value)
  return value
}

/** JSON.stringify(value), made once for a shared value. */
export function jsonOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !shared.has(value)) return JSON.stringify(value)
  let text = texts.get(value)
  if (text === undefined) {
    text = JSON.stringify(value)
    texts.set(value, text)
  }
  return text
}
