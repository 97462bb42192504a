import './features/session/site-locale.server'
import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
import { getRequestIP } from '@tanstack/react-start/server'
import { paraglideMiddleware } from '../src/paraglide/server'
import { isNoRoom } from '../src/server/db/errors.server'
import { env } from '../src/server/env.server'
import { isPage } from '../src/server/page-paths.server'
import { refusal } from '../src/server/refusal.server'
import { watchRender } from '../src/server/render-outage.server'
import { cameOverHttps, newNonce, withPageHeaders } from '../src/server/security-headers.server'
import { answerResponse } from '../src/server/http-api/api-answer.server'
import { answerVueRequest } from '../src/server/http-api/dispatch.server'
import { clientAddressOf } from '../src/server/http-api/forwarded.server'
import { publishVueLane, type VueLane } from '../src/server/http-api/lane.server'
import { withCompression } from './request/compression.server'
import { cachedRender, renderCacheKey } from './request/render-cache.server'
import { withScriptsAfterPaint } from './request/scripts-after-paint.server'
import { HOLD_SUBMITS_SCRIPT } from './ui/held-submit'
import { TOKEN_COOKIE } from './request/session-cookies.server'
import { SHOP_DOMAIN_COOKIE, cookieValue, shopDomainRedirect } from './request/shop-domain'
import { SCREEN_COOKIE, SCREEN_COOKIE_SCRIPT, screenHint } from './ui/screen-queries'

// Pages and server functions render in the locale of the one rule (stored choice, then the
// site default: src/domain/locale-choice.ts). API calls skip the middleware: the dispatcher
// applies the same rule itself, and sets its own headers (src/server/http-api/dispatch.server.ts).
//
// The /vue/ fast lane (decision 024): API calls go straight to the dispatcher, ahead of the
// page router. The built server's entry (src/server/node-entry.ts) calls the lane published
// below for them, without nitro's router or Start's request scope, and writes its answer to the
// socket; the dev server reaches this through nitro and gets the same answer as a Response.
const vueAnswer: VueLane = (request, socketAddress) =>
  answerVueRequest(request, { clientAddress: clientAddressOf(request.headers, socketAddress, env().TRUST_PROXY) })
publishVueLane(vueAnswer)

// Internet Explorer cannot run the portal: every page sends it to the notice.
const INTERNET_EXPLORER = /MSIE |Trident\//

export default createServerEntry({ fetch: respond })

async function respond(request: Request): Promise<Response> {
  const url = new URL(request.url)
  const { pathname } = url
  if (pathname.startsWith('/vue/')) return answerResponse(await vueAnswer(request, getRequestIP()))
  if (pathname === '/health') return handler.fetch(request, { context: {} })
  // Security headers on every page, redirect and server-function answer (decision 017); the
  // router stamps this nonce on the inline scripts of server rendering (app/router.tsx).
  const nonce = newNonce()
  const cacheKey = renderCacheKey(request, url)
  const response = await answer(request, pathname, nonce, cacheKey)
  const headed = withPageHeaders(response, {
    nonce,
    https: cameOverHttps(request),
    signedIn: cookieValue(request.headers.get('cookie'), TOKEN_COOKIE) !== undefined,
  })
  // Pages rendered for the request go out compressed (the companies screen's 81 KB of HTML,
  // 10 KB compressed: its first paint on a phone at 1.18 × the static page's instead of 1.93 ×).
  // A public page answered from the render cache goes as it is: it is small (13 KB), answered in
  // about 0.2 ms, and compressing it (a fresh nonce each time, so each time) cost the anonymous
  // home page under load 70 % of its throughput for no change of its first paint (decision 035).
  // COMPRESS_PAGES=0 leaves it to a proxy in front.
  return cacheKey || !env().COMPRESS_PAGES ? headed : withCompression(request, headed)
}

async function answer(request: Request, pathname: string, nonce: string, key: string | null): Promise<Response> {
  if (INTERNET_EXPLORER.test(request.headers.get('user-agent') ?? '') && isPage(pathname) && pathname !== '/use-other-browser') {
    return new Response(null, { status: 302, headers: { location: '/use-other-browser' } })
  }
  if (isPage(pathname) && (request.method === 'GET' || request.method === 'HEAD')) {
    const target = shopDomainRedirect(new URL(request.url), cookieValue(request.headers.get('cookie'), SHOP_DOMAIN_COOKIE))
    if (target) return new Response(null, { status: 302, headers: { location: target } })
  }
  const rendered = detachedFromClient(request)
  // A page rendered for this request takes the forms the browser's screen shows (its screen
  // cookie); a page of the render cache serves every screen, so it renders both (decision 062).
  const screen = key ? null : screenHint(cookieValue(request.headers.get('cookie'), SCREEN_COOKIE))
  const render = async (pageNonce: string) => {
    const watched = await watchRender(() => paraglideMiddleware(rendered, () => handler.fetch(rendered, { context: { nonce: pageNonce, screen } })))
    // A page the database could not serve: "back in a moment", 503, loading itself again (decision 050).
    if (watched.unavailable && isPage(pathname) && (request.method === 'GET' || request.method === 'HEAD')) {
      await watched.rendered.body?.cancel()
      return refusal(request, isNoRoom(watched.unavailable) ? 'no-room' : 'database')
    }
    return withScriptsAfterPaint(watched.rendered, pageNonce, `${HOLD_SUBMITS_SCRIPT};${SCREEN_COOKIE_SCRIPT}`)
  }
  return key ? cachedRender(key, nonce, render) : render(nonce)
}

/**
 * A page request as Start renders it, without the client's abort signal: a page is rendered to
 * the end even when its client leaves (it takes milliseconds, and waiting renders of clients
 * that left are skipped by the render gate), where Start would log each leaving client,
 * passed on through the signal, as an error with its stack. Requests with a body keep theirs.
 */
function detachedFromClient(request: Request): Request {
  if (request.method !== 'GET' && request.method !== 'HEAD') return request
  const copy = new Request(request.url, { method: request.method, headers: request.headers })
  // What Start's getRequestIP reads (the socket's address): kept for the render's calls.
  Object.defineProperty(copy, 'ip', { value: getRequestIP() })
  return copy
}
