import { createFileRoute } from '@tanstack/react-router'
import { getRequestIP } from '@tanstack/react-start/server'
import { sessionToken } from '../../features/session/request-context.server'
import { env } from '../../../src/server/env.server'
import { handleVueRequest } from '../../../src/server/vue/dispatch.server'
import { clientAddressOf, originOf } from '../../../src/server/vue/forwarded.server'
import { getLocale } from '../../../src/paraglide/runtime'

// Browser uploads (files-upload screen): the page's session cookie becomes the /vue/ call's
// token, and the body streams through untouched, so a 50 MB price list is never held here.
// Only same-origin requests are taken: the cookie alone must not let another site upload.
const TARGETS: Record<string, string> = { prices: '/vue/price/upload/', vartext: '/vue/i18n/vartext-xml/' }

async function forward({ request, params }: { request: Request; params: { kind: string } }): Promise<Response> {
  const path = TARGETS[params.kind]
  const ownOrigin = originOf(request, env().TRUST_PROXY)
  const sameOrigin = request.headers.get('origin') === ownOrigin || request.headers.get('sec-fetch-site') === 'same-origin'
  if (!path || !sameOrigin) return new Response(JSON.stringify({ status: false, messages: ['Forbidden'] }), { status: path ? 403 : 404, headers: { 'content-type': 'application/json' } })
  const headers = new Headers()
  for (const name of ['content-type', 'content-length']) {
    const value = request.headers.get(name)
    if (value) headers.set(name, value)
  }
  // The page's language (the one rule, applied by the page middleware), so the problems come
  // back in the language shown — not in the browser's own Accept-Language.
  headers.set('accept-language', getLocale())
  const token = sessionToken()
  if (token) headers.set('authorization', `JWT ${token}`)
  const search = new URL(request.url).search
  const clientAddress = clientAddressOf(request.headers, getRequestIP(), env().TRUST_PROXY)
  const init: RequestInit & { duplex: 'half' } = { method: 'POST', headers, body: request.body, duplex: 'half' }
  const backend = env().VUE_BACKEND_URL
  if (backend) {
    headers.set('x-forwarded-for', clientAddress)
    return fetch(new URL(`${path}${search}`, backend), init)
  }
  return handleVueRequest(new Request(new URL(`${path}${search}`, request.url), init), { clientAddress })
}

export const Route = createFileRoute('/upload/$kind')({
  server: { handlers: { POST: forward } },
})
