import { siteForHost } from '../../../app.config'
import { PERMISSIONS } from '../../../src/domain/permissions'
import { m } from '../../../src/paraglide/messages'
import type { PortalSession } from '../../../src/contract/session'
import { arrayOf, isBoolean, isInt, isNonEmpty, isString, nullable, objectOf, oneOf, optional, tupleOf, type Guard } from '../../ui/guards'
import { portalSessionFn } from './session.functions'

// The session every navigation starts from. When the server cannot be reached (offline),
// the page keeps the last known session and says so instead of breaking: the one of this
// page's life, else the one this browser last saw (kept in localStorage without any token,
// so pages opened offline after a browser restart still know the site and the user's menu),
// else an anonymous session of the site the host name names.
const STORED_SESSION_KEY = 'portal-last-session'
let lastKnown: PortalSession | null = null

export async function loadPortalSession(): Promise<PortalSession> {
  try {
    const session = await portalSessionFn()
    if (typeof window !== 'undefined') rememberSession(session)
    return session
  } catch (caught) {
    if (typeof window === 'undefined') throw caught
    const known = lastKnown ?? stored() ?? anonymousSession()
    return { ...known, unreachable: [m.error_backend_unreachable()] }
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

// What rememberSession keeps, checked on the way back: an older build or a hand may have
// written something else there, and that counts as nothing kept. Plain checks, as every page
// loads this module: the user and the maintenance settings as sessionUser and
// maintenanceEndpoint.data (src/contract/session.ts) define them; the annotation holds them to
// PortalSession.
const idPair = tupleOf(isInt, isString)
const isStoredSession: Guard<Omit<PortalSession, 'unreachable'>> = objectOf({
  user: nullable(
    objectOf({
      username: isString,
      id: isInt,
      company: idPair,
      lines: arrayOf(idPair),
      last_line: nullable(idPair),
      groups: arrayOf(oneOf(PERMISSIONS)),
      shop_url: isString,
      switched_by: optional(nullable(objectOf({ id: isInt, username: isString }))),
    }),
  ),
  expired: isBoolean,
  useAs: isBoolean,
  maintenance: nullable(
    objectOf({
      jwt: nullable(isString),
      sent_created: nullable(isString),
      login_allowed: isBoolean,
      test_login_allowed: isBoolean,
      flash_text: isString,
      subdomain: nullable(isString),
      shop_url: nullable(isString),
    }),
  ),
  site: objectOf({
    id: isNonEmpty,
    title: isNonEmpty,
    logo: isNonEmpty,
    guestLogin: isBoolean,
    contact: objectOf({
      company: isNonEmpty,
      street: isNonEmpty,
      city: isNonEmpty,
      phone: isNonEmpty,
      email: isNonEmpty,
      hours: objectOf({ de: isString, en: isString }),
    }),
  }),
})

function stored(): PortalSession | null {
  try {
    const raw = localStorage.getItem(STORED_SESSION_KEY)
    const kept: unknown = raw ? JSON.parse(raw) : null
    return isStoredSession(kept) ? { ...kept, unreachable: null } : null
  } catch {
    return null
  }
}

function anonymousSession(): PortalSession {
  const site = siteForHost(window.location.hostname)
  return {
    user: null,
    expired: false,
    useAs: false,
    maintenance: null,
    unreachable: null,
    site: { id: site.id, title: site.title, logo: site.logo, guestLogin: site.guestAccount !== null, contact: site.contact },
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
