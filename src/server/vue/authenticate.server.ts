import type { Access } from '../../contract/endpoint'
import { m } from '../../paraglide/messages'
import { loadCaller, type Caller } from '../auth/caller.server'
import { requirePermission } from '../auth/guards.server'
import { readToken, tokenFromHeader } from '../auth/token.server'
import type { Db } from '../db/types'
import { unauthorized } from './errors.server'

// The token check and the permission guard that run before any endpoint handler.
export async function authenticate(db: Db, access: Access, request: Request, nowMs: number): Promise<Caller | null> {
  if (access.kind === 'public') return null
  const token = tokenFromHeader(request.headers.get('authorization'))
  const optional = access.kind === 'optional'
  if (!token) {
    if (optional) return null
    throw unauthorized((locale) => m.error_token_missing({}, { locale }))
  }
  const read = await readToken(token, nowMs)
  if (!read.ok) {
    if (optional) return null
    throw read.problem === 'expired'
      ? unauthorized((locale) => m.error_token_expired({}, { locale }))
      : unauthorized((locale) => m.error_token_invalid({}, { locale }))
  }
  const caller = await loadCaller(db, read.claims, token)
  if (caller === null || caller === 'inactive') {
    if (optional) return null
    throw caller === 'inactive'
      ? unauthorized((locale) => m.error_user_inactive({}, { locale }))
      : unauthorized((locale) => m.error_token_invalid({}, { locale }))
  }
  if (access.kind === 'permission') requirePermission(caller, access.permission)
  return caller
}
