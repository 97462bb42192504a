import { randomBytes } from 'node:crypto'
import { env } from './env.server'
import { originOf } from './http-api/forwarded.server'

// The security headers of every answer the server renders (decision 017). Pages get a
// Content-Security-Policy whose only inline scripts are the server-rendering ones carrying this
// response's nonce; the API gets a policy that allows nothing (JSON is never a document).

/** A fresh nonce per response: 128 random bits. */
export function newNonce(): string {
  return randomBytes(16).toString('base64')
}

/** Whether the browser reached us over HTTPS: directly, or (TRUST_PROXY) as our proxy says. */
export function cameOverHttps(request: Request): boolean {
  return originOf(request, env().TRUST_PROXY).startsWith('https:')
}

function pagePolicy(nonce: string, development: boolean): string {
  return [
    "default-src 'self'",
    // Vite's dev server injects inline scripts without a nonce and talks over a web socket.
    development ? "script-src 'self' 'unsafe-inline'" : `script-src 'self' 'nonce-${nonce}'`,
    // Server-rendered style attributes (positioned toasts and menus) need 'unsafe-inline';
    // the stylesheets themselves come from 'self'.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    development ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

const COMMON: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  // Paths can hold tokens (password reset, registration links): they never leave the site.
  'Referrer-Policy': 'same-origin',
  'Permissions-Policy': 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
}

const HSTS = 'max-age=31536000'

export type PageAnswer = { nonce: string; https: boolean; signedIn: boolean }

/**
 * Headers for a page or server-function answer. Personal data is never stored: every page
 * rendered for a signed-in user, every answer that sets a cookie, and every server-function or
 * upload answer (data, not a page). Other pages may be kept by the browser but are revalidated,
 * and never by a shared cache (each carries its own nonce).
 */
export function withPageHeaders(response: Response, answer: PageAnswer): Response {
  const headers = new Headers(response.headers)
  for (const [name, value] of Object.entries(COMMON)) headers.set(name, value)
  const page = (headers.get('content-type') ?? '').includes('text/html')
  if (page) headers.set('Content-Security-Policy', pagePolicy(answer.nonce, env().NODE_ENV === 'development'))
  const personal = answer.signedIn || !page || headers.has('set-cookie')
  // A file answer that says itself how the browser alone may keep it (a company logo: by its
  // version and ETag, decision 028) keeps that; a shared cache never may.
  const ownPrivate = !page && !headers.has('set-cookie') && /^private\b/.test(headers.get('cache-control') ?? '')
  if (!ownPrivate) headers.set('Cache-Control', personal ? 'no-store' : 'private, no-cache')
  if (answer.https) secureTransport(headers)
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

/** Headers for a /vue/ answer (JSON): nothing in it may run, be framed or be sniffed. */
export function withApiHeaders(response: Response, https: boolean, extra: Record<string, string> = {}): Response {
  // The dispatcher's own answers have mutable headers: set in place, without copying the
  // headers and re-wrapping the body (a large share of a cached call). Anything else is copied.
  let headers = response.headers
  try {
    headers.set('Content-Security-Policy', API_POLICY)
  } catch {
    headers = new Headers(response.headers)
    response = new Response(response.body, { status: response.status, statusText: response.statusText, headers })
    headers.set('Content-Security-Policy', API_POLICY)
  }
  for (const name in COMMON) headers.set(name, COMMON[name]!)
  for (const name in extra) headers.set(name, extra[name]!)
  if (https) secureTransport(headers)
  return response
}

/**
 * The same headers on a plain header record: the dispatcher's own answers (decision 024), which
 * never set cookies; a policy already there (a document's) is kept. Names as written here; the record holds no other spelling of them.
 */
export function addApiHeaders(headers: Record<string, string>, https: boolean, extra: Record<string, string> = {}): void {
  // A document answer (decision 029) brings its own policy: the API's plus its nonce'd style.
  headers['Content-Security-Policy'] ??= API_POLICY
  for (const name in COMMON) headers[name] = COMMON[name]!
  for (const name in extra) headers[name] = extra[name]!
  if (https) headers['Strict-Transport-Security'] = HSTS
}

const API_POLICY = "default-src 'none'; frame-ancestors 'none'"

// Over HTTPS: HSTS, and every cookie the answer sets is Secure (behind a TLS proxy the server
// itself sees plain HTTP, so the code that sets a cookie cannot always tell).
function secureTransport(headers: Headers): void {
  headers.set('Strict-Transport-Security', HSTS)
  const cookies = headers.getSetCookie()
  if (cookies.length === 0) return
  headers.delete('set-cookie')
  for (const cookie of cookies) headers.append('set-cookie', /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`)
}
