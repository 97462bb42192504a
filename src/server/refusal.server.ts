import { failureEnvelope } from '../contract/envelope'
import { m } from '../paraglide/messages'
import type { ApiAnswer } from './http-api/api-answer.server'
import { localeOf } from './http-api/locale.server'

// What a request gets while the portal is starting, stopping or busy: 503 with Retry-After, the
// /vue/ envelope for API calls and a short page for browsers. While starting or stopping the
// connection is closed; a busy answer keeps it, so the client's retry costs no new connection.
// An address sending too many bodies at once gets 429, a body that overstays its bound 408, both
// with the connection closed (decision 051): the rest of such a body is not read. A page whose
// render found the database away, or without room to write, gets the same page (decision 050).
export type RefusalReason = 'starting' | 'stopping' | 'busy' | 'too-many' | 'too-slow' | 'database' | 'no-room'

const RETRY_AFTER: Record<RefusalReason, string> = { starting: '2', stopping: '5', busy: '1', 'too-many': '1', 'too-slow': '1', database: '2', 'no-room': '30' }
const STATUS: Record<RefusalReason, number> = { starting: 503, stopping: 503, busy: 503, 'too-many': 429, 'too-slow': 408, database: 503, 'no-room': 503 }
// Seconds until the page loads itself again: a busy server or a database restarting is soon worth another try.
const RELOAD: Record<RefusalReason, number> = { starting: 3, stopping: 3, busy: 1, 'too-many': 3, 'too-slow': 3, database: 2, 'no-room': 30 }
const KEEPS_CONNECTION = new Set<RefusalReason>(['busy', 'database', 'no-room'])
const TEXT = {
  starting: m.error_starting,
  stopping: m.error_stopping,
  busy: m.error_busy,
  'too-many': m.error_too_many_bodies,
  'too-slow': m.error_body_too_slow,
  database: m.error_database_unavailable,
  'no-room': m.error_no_room,
}

export function refusalAnswer(request: Request, reason: RefusalReason): ApiAnswer {
  const locale = localeOf(request)
  const text = TEXT[reason]({}, { locale })
  const status = STATUS[reason]
  const headers: Record<string, string> = { 'retry-after': RETRY_AFTER[reason], 'cache-control': 'no-store' }
  if (!KEEPS_CONNECTION.has(reason)) headers.connection = 'close'
  const { pathname } = new URL(request.url)
  if (pathname.startsWith('/vue/')) {
    return { status, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(failureEnvelope(pathname, [text])) }
  }
  // A page that tries again by itself (a busy one after a second), without a script: the page's policy allows none.
  const page = `<!doctype html><html lang="${locale}"><meta charset="utf-8"><meta http-equiv="refresh" content="${RELOAD[reason]}"><title>${text}</title><p>${text}</p></html>`
  return { status, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' }, body: page }
}

export function refusal(request: Request, reason: RefusalReason): Response {
  const answer = refusalAnswer(request, reason)
  return new Response(answer.body, { status: answer.status, headers: answer.headers })
}
