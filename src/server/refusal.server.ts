import { m } from '../paraglide/messages'
import { localeOf } from './vue/locale.server'

// What a request gets while the portal is starting or stopping: 503 with Retry-After, the
// /vue/ envelope for API calls and a short page for browsers. The connection is closed.
export function refusal(request: Request, phase: 'starting' | 'stopping'): Response {
  const locale = localeOf(request)
  const text = phase === 'starting' ? m.error_starting({}, { locale }) : m.error_stopping({}, { locale })
  const headers = { 'retry-after': phase === 'starting' ? '2' : '5', 'cache-control': 'no-store', connection: 'close' }
  if (new URL(request.url).pathname.startsWith('/vue/')) {
    return Response.json({ status: false, messages: [text] }, { status: 503, headers })
  }
  const page = `<!doctype html><html lang="${locale}"><meta charset="utf-8"><meta http-equiv="refresh" content="3"><title>${text}</title><p>${text}</p></html>`
  return new Response(page, { status: 503, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } })
}
