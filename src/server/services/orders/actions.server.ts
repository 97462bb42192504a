import { eq } from 'drizzle-orm'
import { basketApproveEndpoint, basketResetEndpoint, basketStatusEndpoint } from '../../../contract/orders'
import { WAIT_FOR_APPROVAL } from '../../../domain/basket-status'
import { m } from '../../../paraglide/messages'
import type { Caller } from '../../auth/caller.server'
import { auditLog, basketHistory, baskets, type Basket, type BasketAction } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { conflict, forbidden } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'
import { requireBasketInScope, toBasketStatus } from './basket-access.server'
import { noteActivity } from '../../activity/record.server'

// Refresh, approve and reset of a basket. Every change is one conditional UPDATE, so two
// approvers acting at once cannot both succeed, and it is kept in the basket history and the
// audit log with the real actor (the person behind a switched user).
export const basketStatusRead = implement(basketStatusEndpoint, async ({ db, caller: known, input }) => {
  return toBasketStatus(await requireBasketInScope(db, known, input.params.basket))
})

export const basketApprove = implement(basketApproveEndpoint, async ({ db, caller: known, input, nowMs }) => {
  // Trimmed and within its rule (the contract's approvalNumber).
  const approval = input.query.approvalNumber
  const basket = await requireBasketInScope(db, known, input.params.basket)
  const realActor = known.actorUserId ?? known.userId
  if (basket.placedByUserId !== null && (basket.placedByUserId === known.userId || basket.placedByUserId === realActor)) {
    throw forbidden((locale) => m.basket_approve_own({ number: basket.basketNumber }, { locale }))
  }
  const changed = await changeStatus(db, known, basket, 'approve', 3, nowMs, approval)
  if (!changed) throw conflict((locale) => m.basket_not_waiting({ number: basket.basketNumber }, { locale }))
  return toBasketStatus(changed)
})

export const basketReset = implement(basketResetEndpoint, async ({ db, caller: known, input, nowMs }) => {
  const basket = await requireBasketInScope(db, known, input.params.number)
  const changed = await changeStatus(db, known, basket, 'reset', 0, nowMs, null)
  if (!changed) throw conflict((locale) => m.basket_already_open({ number: basket.basketNumber }, { locale }))
  return toBasketStatus(changed)
})

/** The new row, or null when the basket was no longer in a status the action starts from. */
async function changeStatus(
  db: Db,
  caller: Caller,
  basket: Basket,
  action: Extract<BasketAction, 'approve' | 'reset'>,
  to: 0 | 3,
  nowMs: number,
  approvalNumber: string | null,
): Promise<Basket | null> {
  const at = new Date(nowMs)
  const realActor = caller.actorUserId ?? caller.userId
  return db.transaction(async (tx) => {
    // Read the status under a row lock: the history records what it really was.
    const [current] = await tx.select({ status: baskets.status }).from(baskets).where(eq(baskets.id, basket.id)).for('update')
    const allowed = action === 'approve' ? current?.status === WAIT_FOR_APPROVAL : (current?.status ?? 0) > 0
    if (!current || !allowed) return null
    const [row] = await tx.update(baskets).set({ status: to, lastStatusUpdate: at, approvalNumber }).where(eq(baskets.id, basket.id)).returning()
    if (!row) return null
    await tx.insert(basketHistory).values({
      basketId: basket.id,
      actorUserId: caller.userId,
      realActorUserId: realActor,
      action,
      fromStatus: current.status,
      toStatus: to,
      approvalNumber,
      createdAt: at,
    })
    await tx.insert(auditLog).values({
      actorUserId: realActor,
      actingAsUserId: realActor === caller.userId ? null : caller.userId,
      action: `basket_${action}`,
      entity: 'basket',
      entityId: basket.basketNumber,
      details: { from: current.status, to, approvalNumber },
      createdAt: at,
    })
    // The trail's row names the basket and its status before → after (decision 053).
    noteActivity({
      companyId: basket.companyId ?? undefined,
      target: `basket ${basket.basketNumber}`,
      changes: { status: [current.status, to], ...(action === 'approve' ? { approval_number: [basket.approvalNumber, approvalNumber] } : {}) },
    })
    return row
  })
}
