import { sql } from 'drizzle-orm'
import type { Caller } from '../../auth/caller.server'
import type { auditLog } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { activityTarget, type ActivityTargetKind } from '../../../domain/activity-target'
import { noteActivity } from '../../activity/record.server'

// Writes that read a company's path and write paths from it take the tree lock first (decision
// 029): a transaction-scoped advisory lock, exclusive for a move (its one UPDATE rewrites a
// whole subtree), shared for a new sub-company (reads its parent's path, inserts below it).
// Each later statement of the transaction then sees every move committed before, so a path is
// never computed from one that is about to change, and two moves can never form a cycle.
const TREE_LOCK = sql.raw('20290, 1')

export async function lockTreeForMove(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${TREE_LOCK})`)
}

export async function lockTreeForInsert(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${TREE_LOCK})`)
}

/** An audit entry naming the real person (also while switched to another user). */
export function auditEntry(
  caller: Pick<Caller, 'userId' | 'actorUserId'>,
  action: string,
  entityId: number,
  details: Record<string, unknown>,
  nowMs: number,
  entity: ActivityTargetKind = 'company',
) {
  // The activity trail's row of this call names the same target and details (decision 053).
  noteActivity({ target: activityTarget(entity, entityId), details })
  return {
    actorUserId: caller.actorUserId ?? caller.userId,
    actingAsUserId: caller.actorUserId === null ? null : caller.userId,
    action,
    entity,
    entityId: String(entityId),
    details,
    createdAt: new Date(nowMs),
  } satisfies typeof auditLog.$inferInsert
}
