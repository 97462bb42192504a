import type { z } from 'zod'
import type { Access } from '../../contract/endpoint'
import type { switchEnded } from '../../contract/session'
import { m } from '../../paraglide/messages'
import { loadCaller, type Caller, type CallerRefusal } from '../auth/caller.server'
import { dropsOn, invalidate } from '../cache/invalidation.server'
import { perDatabase } from '../cache/read-cache.server'
import { requireCaller, requireCompanyInScope, requirePermission } from '../auth/guards.server'
import { noteSessionSeen } from '../auth/sessions.server'
import { hasSwitchEnded } from '../auth/switch-end.server'
import { readToken } from '../auth/token.server'
import type { Db } from '../db/types'
import { env } from '../env.server'
import { unauthorized, type LocalizedText } from './errors.server'

// The endpoint's access, enforced by the frame before any handler runs: the token check,
// the permission guard, and the company scope right after parsing. The
// caller behind a token is read from the read cache (a few seconds at most) — except for
// switched tokens: those are read fresh on every call, so a switched session ends on the very
// next call once its real person is deactivated or loses groups (decision 018).
const callers = perDatabase<Db, string, Caller | CallerRefusal | null>()
dropsOn('callers', (db) => callers(db).clear())

const refusals: Record<CallerRefusal, LocalizedText> = {
  inactive: (locale) => m.error_user_inactive({}, { locale }),
  'actor-inactive': (locale) => m.error_switch_ended_actor_inactive({}, { locale }),
  'actor-lacks-groups': (locale) => m.error_switch_ended_actor_groups({}, { locale }),
  'session-ended': (locale) => m.error_session_ended({}, { locale }),
}

/** The caller a handler gets, by its endpoint's access: never null where a token is required. */
type CallerByKind = { public: null; optional: Caller | null; authenticated: Caller; permission: Caller }
export type CallerOf<A extends Access> = CallerByKind[A['kind']]

const narrowers: { [K in Access['kind']]: (caller: Caller | null) => CallerByKind[K] } = {
  public: () => null,
  optional: (caller) => caller,
  authenticated: (caller) => requireCaller(caller),
  permission: (caller) => requireCaller(caller),
}

/** Drops the cached callers of this server and of the others on the same database (after a committed write). */
export function forgetCallers(db: Db): Promise<void> {
  return invalidate(db, 'callers')
}

/** The admitted caller, typed by the access that admitted it. */
export function callerFor<K extends Access['kind']>(access: { kind: K }, caller: Caller | null): CallerByKind[K] {
  return narrowers[access.kind](caller)
}

/** The company a scoped call acts on: its id and its place in the tree. */
export type ScopedCompany = { id: number; path: string }

/** null: the caller's own company (an optional scope field left out). */
export async function requireScopedCompany(db: Db, caller: Caller | null, companyId: number | null, nowMs: number): Promise<ScopedCompany> {
  const known = requireCaller(caller)
  const id = companyId ?? known.companyId
  const { path } = await requireCompanyInScope(db, known, id, nowMs)
  return { id, path }
}

export async function authenticate(db: Db, access: Access, token: string | null, nowMs: number): Promise<Caller | null> {
  if (access.kind === 'public') return null
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
  const caller = claims.actorUserId === null ? await callers(db).load(token, nowMs, () => loadCaller(db, claims, token)) : await loadCaller(db, claims, token)
  if (caller === null) {
    if (optional) return null
    throw unauthorized((locale) => m.error_token_invalid({}, { locale }))
  }
  if (typeof caller === 'string') {
    if (optional) return null
    throw unauthorized(refusals[caller])
  }
  // A switch past SWITCH_USER_MINUTES is over for every call but the way back (decision 055).
  if (hasSwitchEnded(caller, nowMs) && !(access.kind === 'authenticated' && access.endedSwitch === 'accepted')) {
    if (optional) return null
    throw switchEndedFor(caller.email)
  }
  if (access.kind === 'permission') requirePermission(caller, access.permission)
  if (caller.sessionId) noteSessionSeen(db, caller.sessionId, nowMs)
  return caller
}

function switchEndedFor(user: string) {
  const minutes = env().SWITCH_USER_MINUTES
  const data: z.output<typeof switchEnded> = { switch_ended: { user, minutes } }
  return unauthorized((locale) => m.error_switch_ended_time({ user, minutes: String(minutes) }, { locale }), data)
}
