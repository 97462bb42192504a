import { eq, sql } from 'drizzle-orm'
import type { Permission } from '../../domain/permissions'
import { isPermission } from '../../domain/permissions'
import { companies, userGroups, users } from '../db/schema/index'
import type { Db } from '../db/types'
import type { TokenClaims } from './token.server'

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

export async function loadCaller(db: Db, claims: TokenClaims, token: string): Promise<Caller | 'inactive' | null> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      isActive: users.isActive,
      companyId: users.companyId,
      companyPath: companies.path,
      parentId: companies.parentId,
      groups: sql<string[]>`coalesce((select array_agg(${userGroups.permission}::text) from ${userGroups} where ${userGroups.userId} = ${users.id}), '{}')`,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, claims.userId))
    .limit(1)
  const row = rows[0]
  // A user without a company (registration step 1 not finished) has no session yet.
  if (!row || row.companyId === null) return null
  if (!row.isActive) return 'inactive'
  return {
    userId: row.id,
    email: row.email,
    companyId: row.companyId,
    companyPath: row.companyPath,
    companyIsRoot: row.parentId === null,
    groups: row.groups.filter(isPermission),
    actorUserId: claims.actorUserId,
    issuedAtMs: claims.issuedAtMs,
    token,
  }
}
