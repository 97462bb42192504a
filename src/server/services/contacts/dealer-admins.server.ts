import { and, count, eq, ne, sql } from 'drizzle-orm'
import { userGroups, users } from '../../db/schema/index'
import type { Db } from '../../db/types'

// A company keeps at least one active dealer admin: the count the edit and delete check, the
// lock that keeps it true while they do, and the group that goes with the flag.
/** How many other active dealer admins the company has. */
export async function otherDealerAdmins(tx: Db, companyId: number, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.dealerAdmin, true), eq(users.isActive, true), ne(users.id, userId)))
  return row?.n ?? 0
}

/** Holds the company's contacts still while one of its dealer admins changes (class 20311). */
export async function lockCompanyContacts(tx: Db, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(20311, ${companyId}::int)`)
}

/** The dealer-admin flag and the IS_DEALER_ADMIN group go together. */
export async function setDealerAdminGroup(tx: Db, userId: number, dealerAdmin: boolean): Promise<void> {
  if (dealerAdmin) await tx.insert(userGroups).values({ userId, permission: 'IS_DEALER_ADMIN' }).onConflictDoNothing()
  else await tx.delete(userGroups).where(and(eq(userGroups.userId, userId), eq(userGroups.permission, 'IS_DEALER_ADMIN')))
}
