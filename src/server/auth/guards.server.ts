import type { Permission } from '../../domain/permissions'
import { m } from '../../paraglide/messages'
import { companyPath } from '../cache/company-cache.server'
import type { Db } from '../db/types'
import { forbidden, notFound, unauthorized } from '../endpoint/errors.server'
import type { Caller } from './caller.server'

// Guards run first in every handler: permission before any record is looked up, then scope.
export function requireCaller(caller: Caller | null): Caller {
  if (!caller) throw unauthorized((locale) => m.error_token_missing({}, { locale }))
  return caller
}

export function requirePermission(caller: Caller | null, permission: Permission): Caller {
  const known = requireCaller(caller)
  if (!known.groups.includes(permission)) throw forbidden((locale) => m.error_forbidden({}, { locale }))
  return known
}

/** True when the company path lies in the caller's scope: own company, or the subtree for dealer admins. */
export function isPathInScope(caller: Caller, companyId: number, companyPath: string): boolean {
  if (companyId === caller.companyId) return true
  return caller.groups.includes('IS_DEALER_ADMIN') && companyPath.startsWith(caller.companyPath)
}

/**
 * The company must be the caller's own, or below it for IS_DEALER_ADMIN. An unknown id
 * answers 403 like any out-of-scope id, so ids cannot be probed; only callers whose scope is
 * the whole tree learn that it does not exist.
 */
export async function requireCompanyInScope(db: Db, caller: Caller, companyId: number, nowMs: number = Date.now()): Promise<{ path: string }> {
  if (companyId === caller.companyId) return { path: caller.companyPath }
  const path = await companyPath(db, companyId, nowMs)
  if (path === null) {
    if (caller.companyIsRoot && caller.groups.includes('IS_DEALER_ADMIN')) throw notFound((locale) => m.error_company_not_found({}, { locale }))
    throw forbidden((locale) => m.error_company_out_of_scope({}, { locale }))
  }
  if (!isPathInScope(caller, companyId, path)) throw forbidden((locale) => m.error_company_out_of_scope({}, { locale }))
  return { path }
}
