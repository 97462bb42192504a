import { siteForHost } from '../../../app.config'
import { PERMISSIONS } from '../../../src/domain/permissions'
import type { PortalSession } from '../../../src/contract/session'
import { arrayOf, isBoolean, isInt, isNonEmpty, isString, nullable, objectOf, oneOf, optional, tupleOf, type Guard } from '../../ui/guards'
import { STORED_SESSION_KEY } from './stored-session-key'

// The session of a page that cannot reach the server (portal-session.ts), loaded only then.

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
      switched_by: optional(nullable(objectOf({ id: isInt, username: isString, ends_at: isString, minutes: isInt }))),
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

/** The session this browser last saw, if what is kept there is one. */
export function storedSession(): PortalSession | null {
  try {
    const raw = localStorage.getItem(STORED_SESSION_KEY)
    const kept: unknown = raw ? JSON.parse(raw) : null
    return isStoredSession(kept) ? { ...kept, unreachable: null } : null
  } catch {
    return null
  }
}

/** An anonymous session of the site the host name names. */
export function anonymousSession(): PortalSession {
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
