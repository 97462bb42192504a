import { eq } from 'drizzle-orm'
import { m } from '../../../paraglide/messages'
import type { Caller } from '../../auth/caller.server'
import { isPathInScope } from '../../auth/guards.server'
import { baskets, companyTree } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { notFound } from '../../endpoint/errors.server'

// Finding a basket for an action: the number follows the spec's rule (the contract's
// basketNumber refused it otherwise, naming the part it breaks), and a basket outside the
// caller's scope answers like an unknown one, so numbers of other companies cannot be probed.
export async function requireBasketInScope(db: Db, caller: Caller, number: string) {
  // Leading zeros are not part of the stored number.
  const stored = number.replace(/^0+/, '')
  const [row] = await db
    .select({ basket: baskets, path: companyTree.path })
    .from(baskets)
    .innerJoin(companyTree, eq(companyTree.companyId, baskets.companyId))
    .where(eq(baskets.basketNumber, stored))
    .limit(1)
  if (!row || !isPathInScope(caller, row.basket.companyId, row.path)) {
    throw notFound((locale) => m.basket_not_found({ number: stored }, { locale }))
  }
  return row.basket
}

export function toBasketStatus(basket: { basketNumber: string; status: 0 | 1 | 2 | 3 | 4 | 5 | 6; lastStatusUpdate: Date; approvalNumber: string | null }) {
  return {
    basket_number: basket.basketNumber,
    order_status: basket.status,
    last_status_update: basket.lastStatusUpdate.toISOString(),
    approval_number: basket.approvalNumber,
  }
}
