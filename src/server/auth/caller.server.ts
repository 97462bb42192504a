import { eq } from 'drizzle-orm'
import type { Permission } from '../../domain/permissions'
import { isPermission } from '../../domain/permissions'
import { switchRefusal } from '../../domain/switch-user'
import { companies, users } from '../db/schema/index'
import type { Db } from '../db/types'
import type { TokenClaims } from './token.server'
import { groupsOf, loadGroupHolder } from './user-groups.server'

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
  token: string
}

/**
 * Why a token that verifies still has no session: its user is inactive, or (switched tokens)
 * the real person is inactive or gone, or no longer holds every group of the user switched to.
 */
export type CallerRefusal = 'inactive' | 'actor-inactive' | 'actor-lacks-groups'

export async function loadCaller(db: Db, claims: TokenClaims, token: string): Promise<Caller | CallerRefusal | null> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      isActive: users.isActive,
      companyId: users.companyId,
      companyPath: companies.path,
      parentId: companies.parentId,
      groups: groupsOf(users.id),
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, claims.userId))
    .limit(1)
  const row = rows[0]
  // A user without a company (registration step 1 not finished) has no session yet.
  if (!row || row.companyId === null) return null
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
    token,
  }
}
