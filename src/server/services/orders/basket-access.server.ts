import { eq } from 'drizzle-orm'
import { checkBasketNumber, type BasketNumberProblem } from '../../../domain/basket-number'
import { m } from '../../../paraglide/messages'
import type { Caller } from '../../auth/caller.server'
import { isPathInScope } from '../../auth/guards.server'
import { baskets, companies } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { badRequest, notFound, type LocalizedText } from '../../vue/errors.server'

// Finding a basket for an action: the number must follow the spec's rule (400 naming the
// part it breaks), and a basket outside the caller's scope answers like an unknown one, so
// numbers of other companies cannot be probed.
export function basketNumberProblemText(problem: BasketNumberProblem, number: string): LocalizedText {
  switch (problem) {
    case 'not_digits':
      return (locale) => m.basket_number_not_digits({ number }, { locale })
    case 'too_short':
      return (locale) => m.basket_number_too_short({ number }, { locale })
    case 'prefix_20_length':
      return (locale) => m.basket_number_prefix_20({ number }, { locale })
    case 'prefix_99_length':
      return (locale) => m.basket_number_prefix_99({ number }, { locale })
  }
}

export async function requireBasketInScope(db: Db, caller: Caller, raw: string) {
  const number = raw.trim()
  const problem = checkBasketNumber(number)
  if (problem) throw badRequest(basketNumberProblemText(problem, number))
  // Leading zeros are not part of the stored number.
  const stored = number.replace(/^0+/, '')
  const [row] = await db
    .select({ basket: baskets, path: companies.path })
    .from(baskets)
    .innerJoin(companies, eq(companies.id, baskets.companyId))
    .where(eq(baskets.basketNumber, stored))
    .limit(1)
  if (!row || !isPathInScope(caller, row.basket.companyId, row.path)) {
    throw notFound((locale) => m.basket_not_found({ number: stored }, { locale }))
  }
  return row.basket
}

export function statusAnswer(basket: { basketNumber: string; status: 0 | 1 | 2 | 3 | 4 | 5 | 6; lastStatusUpdate: Date; approvalNumber: string | null }) {
  return {
    basket_number: basket.basketNumber,
    order_status: basket.status,
    last_status_update: basket.lastStatusUpdate.toISOString(),
    approval_number: basket.approvalNumber,
  }
}
