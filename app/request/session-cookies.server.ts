import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto'
import { deleteCookie, getCookie, getRequest, getRequestIP, setCookie } from '@tanstack/react-start/server'
import { sessionUser, type SessionUser } from '../../src/contract/session'
import { sessionExpiry } from '../../src/domain/session-validity'
import { acceptedSecrets, signingSecret } from '../../src/server/auth/secret.server'
import { SESSION_COOKIE, portalTimeZone } from '../../src/server/auth/token.server'
import { env } from '../../src/server/env.server'
import type { CallContext } from '../../src/server/endpoint/call.server'
import { clientAddressOf } from '../../src/server/http-api/forwarded.server'
import { getLocale } from '../../src/paraglide/runtime'

// The browser session's cookies and the call context made from them. The browser keeps its
// token in an HttpOnly, SameSite=Lax cookie; JavaScript never sees it.
export const TOKEN_COOKIE = SESSION_COOKIE
const USER_COOKIE = 'portal_user'
// A dealer admin's "use as": the company whose shop the next hand-off opens.
const USE_AS_COOKIE = 'portal_use_as'

export function callContext(): CallContext {
  const request = getRequest()
  return {
    token: getCookie(TOKEN_COOKIE) ?? null,
    locale: getLocale(),
    clientAddress: clientAddressOf(request.headers, getRequestIP(), env().TRUST_PROXY),
    userAgent: request.headers.get('user-agent') ?? '',
    origin: new URL(request.url).origin,
  }
}

/** The session's token, for forwarding a browser upload to the /vue/ API. */
export function sessionToken(): string | null {
  return getCookie(TOKEN_COOKIE) ?? null
}

export function storeSession(token: string, user: SessionUser, nowMs: number = Date.now()): void {
  const secure = new URL(getRequest().url).protocol === 'https:'
  const maxAge = Math.max(1, Math.floor((sessionExpiry(nowMs, portalTimeZone()) - nowMs) / 1000))
  const options = { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge } as const
  setCookie(TOKEN_COOKIE, token, options)
  setCookie(USER_COOKIE, signed(Buffer.from(JSON.stringify(user)).toString('base64url')), options)
}

/** Rewrites the shown user (e.g. a new last line) for the rest of the session. */
export function updateStoredUser(change: (user: SessionUser) => SessionUser): void {
  const token = getCookie(TOKEN_COOKIE)
  const user = storedUser()
  if (token && user) storeSession(token, change(user))
}

export function clearSession(): void {
  deleteCookie(TOKEN_COOKIE, { path: '/' })
  deleteCookie(USER_COOKIE, { path: '/' })
  deleteCookie(USE_AS_COOKIE, { path: '/' })
}

/** The stored useAs company id, if any (the server checks the scope when it is used). */
export function storedUseAs(): number | null {
  const value = Number(getCookie(USE_AS_COOKIE))
  return Number.isSafeInteger(value) && value > 0 ? value : null
}

export function clearUseAs(): void {
  deleteCookie(USE_AS_COOKIE, { path: '/' })
}

/** Stores the company a dealer admin shops as (shop-as in the companies tree), for this session. */
export function storeUseAs(companyId: number, nowMs: number = Date.now()): void {
  const secure = new URL(getRequest().url).protocol === 'https:'
  const maxAge = Math.max(1, Math.floor((sessionExpiry(nowMs, portalTimeZone()) - nowMs) / 1000))
  setCookie(USE_AS_COOKIE, String(companyId), { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge })
}

export function storedUser(): SessionUser | null {
  const raw = verified(getCookie(USER_COOKIE))
  if (!raw) return null
  try {
    const parsed = sessionUser.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

// The user shown in the page is signed so an edited cookie is ignored (the server checks
// permissions on every call regardless).
function mac(value: string, secret: KeyObject = signingSecret()): string {
  return createHmac('sha256', secret).update(`${USER_COOKIE}:${value}`).digest('base64url')
}

function signed(value: string): string {
  return `${value}.${mac(value)}`
}

function verified(cookie: string | undefined): string | null {
  const dot = cookie?.lastIndexOf('.') ?? -1
  if (!cookie || dot < 1) return null
  const value = cookie.slice(0, dot)
  const given = Buffer.from(cookie.slice(dot + 1))
  // Signed with the current secret, or with the one before a rotation while its grace lasts (decision 043).
  const matches = (secret: KeyObject) => {
    const expected = Buffer.from(mac(value, secret))
    return given.length === expected.length && timingSafeEqual(given, expected)
  }
  return acceptedSecrets().some(matches) ? value : null
}
