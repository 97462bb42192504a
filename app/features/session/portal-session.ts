import { m } from '../../../src/paraglide/messages'
import { portalSessionFn, type PortalSession } from './session.functions'

// The session every navigation starts from. When the server cannot be reached (offline),
// the page keeps the last known session and says so instead of breaking.
let lastKnown: PortalSession | null = null

export async function loadPortalSession(): Promise<PortalSession> {
  try {
    const session = await portalSessionFn()
    if (typeof window !== 'undefined') lastKnown = session
    return session
  } catch (caught) {
    if (typeof window === 'undefined' || !lastKnown) throw caught
    return { ...lastKnown, unreachable: [m.error_backend_unreachable()] }
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
