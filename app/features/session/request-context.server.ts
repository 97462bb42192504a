import { deleteCookie, getCookie, getRequest, getRequestIP, setCookie } from '@tanstack/react-start/server'
import { z } from 'zod'
import { sessionUser, type SessionUser } from '../../../src/contract/session'
import { sessionExpiry } from '../../../src/domain/session-validity'
import { portalTimeZone } from '../../../src/server/auth/token.server'
import { env } from '../../../src/server/env.server'
import type { CallContext } from '../../../src/server/vue/call.server'
import { getLocale } from '../../../src/paraglide/runtime'

// The browser keeps its token in an HttpOnly, SameSite=Lax cookie; JavaScript never sees it.
const TOKEN_COOKIE = 'portal_session'
const USER_COOKIE = 'portal_user'

export function callContext(): CallContext {
  const request = getRequest()
  return {
    token: getCookie(TOKEN_COOKIE) ?? null,
    locale: getLocale(),
    clientAddress: getRequestIP({ xForwardedFor: env().TRUST_PROXY }) ?? 'unknown',
    origin: new URL(request.url).origin,
  }
}

export function storeSession(token: string, user: SessionUser, nowMs: number = Date.now()): void {
  const secure = new URL(getRequest().url).protocol === 'https:'
  const maxAge = Math.max(1, Math.floor((sessionExpiry(nowMs, portalTimeZone()) - nowMs) / 1000))
  const options = { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge } as const
  setCookie(TOKEN_COOKIE, token, options)
  setCookie(USER_COOKIE, Buffer.from(JSON.stringify(user)).toString('base64url'), options)
}

export function clearSession(): void {
  deleteCookie(TOKEN_COOKIE, { path: '/' })
  deleteCookie(USER_COOKIE, { path: '/' })
}

export function storedUser(): SessionUser | null {
  const raw = getCookie(USER_COOKIE)
  if (!raw) return null
  try {
    const parsed = sessionUser.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export const loginForm = z.object({ username: z.string(), password: z.string(), test: z.boolean().optional() })
