import { z } from 'zod'
import type { Permission } from '../../domain/permissions'
import { isPermission } from '../../domain/permissions'
import { switchRefusal } from '../../domain/switch-user'
import { hotRead } from '../db/hot-read.server'
import type { Db } from '../db/types'
import type { TokenClaims } from './token.server'
import { loadGroupHolder } from './user-groups.server'

// Who is calling: the user a token names (the switched-to user while switched), their
// company and its place in the tree, their permission groups, and the real actor.
export type Caller = {
  userId: number
  email: string
  companyId: number
  companyPath: string
  companyIsRoot: boolean
  groups: ReadonlyArray<Permission>
  actorUserId: number | null
  issuedAtMs: number
  /** The session the token belongs to (decision 056); null for a token from before sessions. */
  sessionId: string | null
  token: string
}

/**
 * Why a token that verifies still has no session: its user is inactive, or (switched tokens)
 * the real person is inactive or gone, or no longer holds every group of the user switched to.
 */
export type CallerRefusal = 'inactive' | 'actor-inactive' | 'actor-lacks-groups' | 'session-ended'

// The user, their company's place in the tree, their groups and whether the token's session is
// still open: one statement, one round trip (it runs for every call whose caller is not in the
// read cache).
const CALLER_READ = {
  name: 'portal_caller_v4',
  text: `select json_build_object(
      'id', u.id, 'email', u.email, 'isActive', u.is_active, 'companyId', u.company_id,
      'companyPath', t.path, 'parentId', c.parent_id,
      'sessionsValidFromMs', (extract(epoch from u.sessions_valid_from) * 1000)::bigint,
      'groups', coalesce((select array_agg(g.permission::text) from user_groups g where g.user_id = u.id), '{}'),
      'sessionOpen', $2::uuid is null or exists (select 1 from user_sessions s where s.id = $2::uuid and s.ended_at is null))
    from users u join companies c on c.id = u.company_id join company_tree t on t.company_id = c.id
    where u.id = $1`,
}
const callerRow = z.object({
  id: z.number(),
  email: z.string(),
  isActive: z.boolean(),
  companyId: z.number().nullable(),
  companyPath: z.string(),
  parentId: z.number().nullable(),
  sessionsValidFromMs: z.number().nullable(),
  groups: z.array(z.string()),
  sessionOpen: z.boolean(),
})

export async function loadCaller(db: Db, claims: TokenClaims, token: string): Promise<Caller | CallerRefusal | null> {
  const found = await hotRead(db, CALLER_READ, [claims.userId, claims.sessionId])
  const row = found === undefined ? undefined : callerRow.parse(found)
  // A user without a company (registration step 1 not finished) has no session yet.
  if (!row || row.companyId === null) return null
  // A token of a session that was ended (signed out, ended from another browser, a password
  // change) is refused; the session row is the judge of a token that names one (decision 056).
  if (!row.sessionOpen) return 'session-ended'
  // A token from before the last password change is no session any more: one without a session,
  // or a switched one (the user switched to changed their password).
  const judgedBySession = claims.sessionId !== null && claims.actorUserId === null
  if (!judgedBySession && row.sessionsValidFromMs !== null && claims.issuedAtMs < row.sessionsValidFromMs) return null
  if (!row.isActive) return 'inactive'
  const groups = row.groups.filter(isPermission)
  if (claims.actorUserId !== null) {
    const realActor = await loadGroupHolder(db, claims.actorUserId)
    if (!realActor?.isActive) return 'actor-inactive'
    if (switchRefusal(realActor.groups, groups)) return 'actor-lacks-groups'
  }
  return {
    userId: row.id,
    email: row.email,
    companyId: row.companyId,
    companyPath: row.companyPath,
    companyIsRoot: row.parentId === null,
    groups,
    actorUserId: claims.actorUserId,
    issuedAtMs: claims.issuedAtMs,
    sessionId: claims.sessionId,
    token,
  }
}
