import { eq, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Permission } from '../../domain/permissions'
import { isPermission } from '../../domain/permissions'
import { userGroups, users } from '../db/schema/index'
import type { Db } from '../db/types'

/** The permission groups of the user in `userId` as one array column (empty, never null). */
export function groupsOf(userId: AnyPgColumn): SQL<string[]> {
  return sql<string[]>`coalesce((select array_agg(${userGroups.permission}::text) from ${userGroups} where ${userGroups.userId} = ${userId}), '{}')`
}

export type GroupHolder = { isActive: boolean; groups: Permission[] }

/** Whether a user is active and which groups they hold, read fresh (never from the read cache). */
export async function loadGroupHolder(db: Db, userId: number): Promise<GroupHolder | null> {
  const [row] = await db
    .select({ isActive: users.isActive, groups: groupsOf(users.id) })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  return row ? { isActive: row.isActive, groups: row.groups.filter(isPermission) } : null
}
