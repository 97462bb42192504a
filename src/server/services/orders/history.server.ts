import { asc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { basketHistoryEndpoint } from '../../../contract/orders'
import { basketHistory, users } from '../../db/schema/index'
import { implement } from '../../endpoint/implement.server'
import { requireBasketInScope } from './basket-access.server'

// GET /vue/basket/{basket}/history/: who did what to a basket, oldest first.
const realUsers = alias(users, 'real_users')

export const basketHistoryRead = implement(basketHistoryEndpoint, async ({ db, caller: known, input }) => {
  const basket = await requireBasketInScope(db, known, input.params.basket)
  const rows = await db
    .select({
      at: basketHistory.createdAt,
      action: basketHistory.action,
      from: basketHistory.fromStatus,
      to: basketHistory.toStatus,
      actorId: basketHistory.actorUserId,
      actorEmail: users.email,
      realId: basketHistory.realActorUserId,
      realEmail: realUsers.email,
      approvalNumber: basketHistory.approvalNumber,
    })
    .from(basketHistory)
    .leftJoin(users, eq(users.id, basketHistory.actorUserId))
    .leftJoin(realUsers, eq(realUsers.id, basketHistory.realActorUserId))
    .where(eq(basketHistory.basketId, basket.id))
    .orderBy(asc(basketHistory.createdAt), asc(sql`${basketHistory.id}`))
  return {
    history: rows.map((row) => ({
      at: row.at.toISOString(),
      action: row.action,
      from: row.from,
      to: row.to,
      actor: userPair(row.actorId, row.actorEmail),
      real_actor: row.realId !== row.actorId ? userPair(row.realId, row.realEmail) : null,
      approval_number: row.approvalNumber,
    })),
  }
})

function userPair(id: number | null, email: string | null): [number, string] | null {
  return id === null ? null : [id, email ?? '']
}
