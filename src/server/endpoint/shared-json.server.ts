// Answers kept in a read cache are shared by every request that the cache answers, and nobody
// changes them: their whole success envelope is made once, for the first request, as UTF-8
// bytes, and kept beside them as long as the cache keeps the value (decision 024) — the socket
// then gets the same bytes each time, with no JSON, no string building and no UTF-8 encoding
// per answer. Anything not marked is serialized as usual.
const shared = new WeakSet<object>()
const envelopes = new WeakMap<object, Uint8Array<ArrayBuffer>>()

const EMPTY_SUCCESS = '{"status":true,"messages":[]}'

/** Marks a value that is kept and never changed again (a read cache's entry); answers it. */
export function sharedAnswer<T extends object>(value: T): T {
  shared.add(value)
  return value
}

/** The success envelope `{status: true, messages: [], data}` of `data`: made once, as bytes, for a shared value. */
export function successEnvelope(data: unknown): string | Uint8Array<ArrayBuffer> {
  if (typeof data !== 'object' || data === null || !shared.has(data)) return envelopeText(data)
  let bytes = envelopes.get(data)
  if (bytes === undefined) {
    bytes = Buffer.from(envelopeText(data))
    envelopes.set(data, bytes)
  }
  return bytes
}

function envelopeText(data: unknown): string {
  const json = JSON.stringify(data)
  return json === undefined ? EMPTY_SUCCESS : `{"status":true,"messages":[],"data":${json}}`
}
