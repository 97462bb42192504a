import { m } from '../../../src/paraglide/messages'
import type { PortalSession } from '../../../src/contract/session'
import { portalSessionFn } from './session.functions'
import { STORED_SESSION_KEY } from './stored-session-key'

// The session every navigation starts from. When the server cannot be reached (offline),
// the page keeps the last known session and says so instead of breaking: the one of this
// page's life, else the one this browser last saw (kept in localStorage without any token,
// so pages opened offline after a browser restart still know the site and the user's menu),
// else an anonymous session of the site the host name names.
let lastKnown: PortalSession | null = null

export async function loadPortalSession(): Promise<PortalSession> {
  try {
    const session = await portalSessionFn()
    if (typeof window !== 'undefined') rememberSession(session)
    return session
  } catch (caught) {
    if (typeof window === 'undefined') throw caught
    const unreachable = [m.error_backend_unreachable()]
    if (lastKnown) return { ...lastKnown, unreachable }
    // Only offline: the stored session's checks load then (offline-session.ts, precached).
    const { storedSession, anonymousSession } = await import('./offline-session')
    return { ...(storedSession() ?? anonymousSession()), unreachable }
  }
}

/** Keeps a session the server confirmed (also the server-rendered one, after hydration). */
export function rememberSession(session: PortalSession): void {
  if (session.unreachable) return
  lastKnown = session
  try {
    localStorage.setItem(STORED_SESSION_KEY, JSON.stringify({ ...session, unreachable: null, expired: false }))
  } catch {
    // storage full or disabled: the in-memory copy still serves this page's life
  }
}

// Pages that stay reachable while maintenance sends everyone to the shop: the test login,
// and the browser notice.
const MAINTENANCE_EXEMPT = new Set(['/test-login', '/use-other-browser', '/logout'])

/** The maintenance shop_url redirect: everyone goes there, except to the exempt pages. */
export function maintenanceRedirect(session: PortalSession, pathname: string): string | null {
  const target = session.maintenance?.shop_url
  if (!target || MAINTENANCE_EXEMPT.has(pathname)) return null
  try {
    const url = new URL(target)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    if (typeof window !== 'undefined' && url.origin === window.location.origin && url.pathname === pathname) return null
    return url.toString()
  } catch {
    return null
  }
}
