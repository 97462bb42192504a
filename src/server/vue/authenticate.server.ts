import type { Access } from '../../contract/endpoint'
import { m } from '../../paraglide/messages'
import { loadCaller, type Caller, type CallerRefusal } from '../auth/caller.server'
import { perDatabase } from '../cache/read-cache.server'
import { requirePermission } from '../auth/guards.server'
import { readToken, tokenFromHeader } from '../auth/token.server'
import type { Db } from '../db/types'
import { unauthorized, type LocalizedText } from './errors.server'

// The token check and the permission guard that run before any endpoint handler. The
// caller behind a token is read from the read cache (a few seconds at most) — except for
// switched tokens: those are read fresh on every call, so a switched session ends on the very
// next call once its real person is deactivated or loses groups (decision 018).
const callers = perDatabase<Db, string, Caller | CallerRefusal | null>()

const refusals: Record<CallerRefusal, LocalizedText> = {
  inactive: (locale) => m.error_user_inactive({}, { locale }),
  'actor-inactive': (locale) => m.error_switch_ended_actor_inactive({}, { locale }),
  'actor-lacks-groups': (locale) => m.error_switch_ended_actor_groups({}, { locale }),
}

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
  const claims = read.claims
  const caller =
    claims.actorUserId === null ? await callers(db).load(token, nowMs, () => loadCaller(db, claims, token)) : await loadCaller(db, claims, token)
  if (caller === null) {
    if (optional) return null
    throw unauthorized((locale) => m.error_token_invalid({}, { locale }))
  }
  if (typeof caller === 'string') {
    if (optional) return null
    throw unauthorized(refusals[caller])
  }
  if (access.kind === 'permission') requirePermission(caller, access.permission)
  return caller
}
