import { z } from 'zod'
import { doc } from './env-doc.server'

// The settings that bound the server's own work and its wait for clients (decisions 033, 051):
// in-flight requests, page renders, a shutdown's grace, slow headers and bodies. Spread into
// the settings schema (env.server.ts) in this order, which is the README table's.
export const requestLimitSettings = {
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(600_000)
    .default(10_000)
    .meta(
      doc(
        'On SIGTERM/SIGINT (after `DRAIN_DELAY_MS`): how long running requests may take to finish before their connections are closed; closing the database then waits up to twice as long for running transactions (a database not closed in time recovers from its log at the next start).',
      ),
    ),
  MAX_IN_FLIGHT: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(256)
    .meta(
      doc(
        "Requests one server works on at once. One more is answered at once with 503 and `Retry-After: 1` (the /vue/ envelope in the caller's language, or a short page that reloads itself after a second) instead of waiting behind the others; `/health` and `/ready` are always answered. `npm run bench:load` shows 200 connections served within it.",
      ),
    ),
  MAX_PAGE_RENDERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000)
    .default(4)
    .meta(
      doc(
        'Pages one server renders at once; the others wait their turn in arrival order (first come, first served), so under load every page waits about as long as the queue ahead of it instead of some waiting ten seconds. Files (`/assets/…`) and `/vue/` calls do not wait for it.',
      ),
    ),
  REQUEST_HEADERS_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(120_000)
    .default(10_000)
    .meta(
      doc(
        "How long a client may take to send a request's line and headers; then it gets 408 and its connection is closed (checked every second). Keep it at or below the proxy's `timeout http-request` (decision 051).",
      ),
    ),
  REQUEST_BODY_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .default(30_000)
    .meta(
      doc(
        "How long a request's body may take to arrive once its headers are in; then it gets 408 (the /vue/ envelope) and its connection is closed, unless it still arrives at `REQUEST_BODY_MIN_RATE` (checked every second). Node's own bound of 300 s on a whole request stays above it.",
      ),
    ),
  REQUEST_BODY_MIN_RATE: z.coerce
    .number()
    .int()
    .min(0)
    .max(100_000_000)
    .default(16_384)
    .meta(
      doc(
        'Bytes per second (averaged since the headers) at which a body past `REQUEST_BODY_TIMEOUT_MS` may go on arriving: a 50 MB price list on a slow line, not a client sending a byte a second. `0`: every body must be in within `REQUEST_BODY_TIMEOUT_MS`.',
      ),
    ),
  MAX_BODIES_PER_CLIENT: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(8)
    .meta(
      doc(
        "Requests from one client address whose body is still arriving; one more is answered at once with 429 and `Retry-After: 1`. Such requests count against `MAX_IN_FLIGHT` only once their body is in, so slow senders cannot lock others out; past `MAX_IN_FLIGHT` bodies arriving from all addresses together, only an address with none gets one (else 503). The address is the last `X-Forwarded-For` entry with `TRUST_PROXY`: behind a proxy without it, all clients share the proxy's address.",
      ),
    ),
}
