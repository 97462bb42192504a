import { cookieName as LOCALE_COOKIE } from '../../src/paraglide/runtime'
import { dropsOn } from '../../src/server/cache/invalidation.server'
import { env } from '../../src/server/env.server'
import { originOf } from '../../src/server/http-api/forwarded.server'
import { cookieValue } from './shop-domain'

// Pages that depend on nothing but the site, the language and the build — the public pages seen
// without a session — are rendered once per READ_CACHE_TTL_MS and served from memory meanwhile,
// each answer with a fresh CSP nonce, so the anonymous home page holds up under 200 connections
// (docs/decisions/033-no-user-waits.md). The only other thing in them is the maintenance state
// (flash text, login allowed), whose changes drop them at once (cache/invalidation.server.ts).
const PUBLIC_PAGES = new Set(['/', '/home', '/login', '/welcome', '/use-other-browser', '/test-login', '/forgot-password', '/register'])
// A page shows someone's data (or sends them on) as soon as one of these is sent.
const PERSONAL_COOKIES = ['portal_session', 'portal_user', 'portal_use_as']
const MAX_ENTRIES = 200
const MAX_SEARCH = 200

type Rendered = { status: number; headers: Array<[string, string]>; body: string; nonce: string }
// An entry counts from the moment its render starts, so requests that come meanwhile wait for it.
type Entry = { page: Promise<Rendered | null>; until: number }

const entries = new Map<string, Entry>()
// A change of the maintenance state, here or on another server, shows on the next answer.
dropsOn('maintenance', () => entries.clear())

/** The cache key of a request whose page may come from the cache, or null. */
export function renderCacheKey(request: Request, url: URL): string | null {
  if (request.method !== 'GET' || !PUBLIC_PAGES.has(url.pathname) || url.search.length > MAX_SEARCH || env().READ_CACHE_TTL_MS === 0) return null
  const cookies = request.headers.get('cookie')
  if (cookies && PERSONAL_COOKIES.some((name) => cookieValue(cookies, name) !== undefined)) return null
  return `${originOf(request, env().TRUST_PROXY)}\n${cookies ? (cookieValue(cookies, LOCALE_COOKIE) ?? '') : ''}\n${url.pathname}${url.search}`
}

/**
 * The page for `key`: from the cache with `nonce` in place of the one it was rendered with, or
 * rendered by `render` (one render for concurrent requests) and kept when it is a plain 200 page.
 */
export async function cachedRender(key: string, nonce: string, render: (nonce: string) => Promise<Response>): Promise<Response> {
  const now = Date.now()
  const entry = entries.get(key)
  if (entry && entry.until > now) {
    const page = await entry.page
    return page ? answerOf(page, nonce) : render(nonce)
  }
  if (entries.size >= MAX_ENTRIES) entries.clear()
  let original: Response | undefined
  const page = render(nonce).then((response) => {
    original = response
    return keepable(response, nonce)
  })
  entries.set(key, { page: page.catch(() => null), until: now + env().READ_CACHE_TTL_MS })
  try {
    const kept = await page
    if (kept) return answerOf(kept, nonce)
  } catch (error) {
    entries.delete(key)
    throw error
  }
  entries.delete(key)
  return original!
}

async function keepable(response: Response, nonce: string): Promise<Rendered | null> {
  const type = response.headers.get('content-type') ?? ''
  if (response.status !== 200 || !type.includes('text/html') || response.headers.has('set-cookie')) return null
  const headers = [...response.headers.entries()].filter(([name]) => name !== 'date' && name !== 'content-length' && name !== 'transfer-encoding')
  return { status: 200, headers, body: await response.text(), nonce }
}

function answerOf(page: Rendered, nonce: string): Response {
  return new Response(page.nonce === nonce ? page.body : page.body.replaceAll(page.nonce, nonce), { status: page.status, headers: page.headers })
}
