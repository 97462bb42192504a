import { notFound, redirect } from '@tanstack/react-router'
import { homeTargetFor, safeRedirectPath } from '../../../src/domain/landing'
import type { PortalSession } from '../../../src/contract/session'
import { NO_RECORD } from '../../ui/cid-search'

// Rules that routes apply in beforeLoad, before anything renders.

/** Pages needing login send an anonymous user to / and come back after login. */
export function requireLogin(session: PortalSession, href: string) {
  if (!session.user) throw redirect({ to: '/', search: { redirect: href } })
  return session.user
}

/**
 * The company of a screen's ?cid= (the caller's own without it), after the login check. A cid
 * that names no record (NO_RECORD, see optionalRecordId) is the not-found page.
 */
export function requireCompany(session: PortalSession, href: string, cid: number | undefined): { companyId: number } {
  const user = requireLogin(session, href)
  if (cid === NO_RECORD) throw notFound()
  return { companyId: cid ?? user.company[0] }
}

/**
 * Home with a session: a redirect query first, then a stored useAs value to redirect2shop,
 * dealer admins to the companies tree of their own company, everyone else to the shop.
 */
export function sendSignedInUserOn(session: PortalSession, redirectQuery: string | undefined): void {
  const { user } = session
  if (!user) return
  const path = safeRedirectPath(redirectQuery)
  if (path) throw redirect({ href: path })
  const target = homeTargetFor(user, session.useAs)
  if (target.kind === 'redirect2shop') throw redirect({ to: '/redirect2shop' })
  if (target.kind === 'companies') throw redirect({ to: '/companies/$cid', params: { cid: user.company[0] }, search: { search: '' } })
  if (target.kind === 'shop') throw redirect({ href: target.url, reloadDocument: true })
}

// The optional {location} prefix: a short lower-case slug such as "de" or
// "at-wien"; anything else is not a page of the portal.
const LOCATION = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/

export function checkLocation(location: string | undefined): void {
  if (location !== undefined && !LOCATION.test(location)) throw notFound()
}

/** A screen's title: "Page · Site". */
export function pageTitle(title: string, session: PortalSession): string {
  return `${title} · ${session.site.title}`
}

export function pageHead(title: string, session: PortalSession) {
  return { meta: [{ title: pageTitle(title, session) }] }
}
