import { BASKET_STATUSES, type BasketStatus } from '../../domain/basket-status'
import { isValidBasketNumber } from '../../domain/basket-number'
import type { BasketAction, NewBasket, basketHistory } from '../db/schema/index'
import { addMinutes, daysBefore } from './clock'
import type { CompanyWorld, SeedCompany } from './companies'
import { LAST_NAMES } from './data/people'
import { STREETS } from './data/places'
import { DEMO_ACCOUNTS, DEMO_COMPANY_IDS } from './demo-accounts'
import type { Random } from './random'
import type { UserWorld } from './users'

export type SeedBasket = NewBasket & { id: number; basketNumber: string; companyId: number; status: BasketStatus }

export type BasketWorld = {
  baskets: SeedBasket[]
  history: Array<typeof basketHistory.$inferInsert>
}

const PER_STATUS = 32
// Baskets per status inside the demo dealer's tree, so every approve tab has rows for dealer@.
const DEALER_PER_STATUS = 9

/** Baskets in every status with a plausible history of how they got there. */
export function buildBaskets(random: Random, world: CompanyWorld, people: UserWorld): BasketWorld {
  const byId = new Map(world.companies.map((company) => [company.id, company]))
  const customers = world.companies.filter((company) => company.parentId !== null && !company.isGuestCompany)
  const dealerPath = `/${DEMO_COMPANY_IDS.supplier}/${DEMO_COMPANY_IDS.dealer}/`
  const dealerTree = customers.filter((company) => company.path.startsWith(dealerPath))
  const numbers = new Set<string>()
  const baskets: SeedBasket[] = []
  const history: BasketWorld['history'] = []

  for (let i = 0; i < PER_STATUS * BASKET_STATUSES.length; i++) {
    const status = BASKET_STATUSES[i % BASKET_STATUSES.length] ?? 0
    const company = i < DEALER_PER_STATUS * BASKET_STATUSES.length ? random.pick(dealerTree) : random.pick(customers)
    const billing = dealerOf(company, byId)
    const placers = people.activeUserIds.get(company.id) ?? []
    const placedBy = placers.length > 0 ? random.pick(placers) : null
    const approver = people.adminUserIds.get(billing.id) ?? DEMO_ACCOUNTS.staff.userId
    const basket: SeedBasket = {
      id: i + 1,
      basketNumber: uniqueBasketNumber(random, numbers),
      companyId: company.id,
      lineId: random.pick(world.linesByCompany.get(company.id) ?? [null]),
      placedByUserId: placedBy,
      status,
      created: daysBefore(random.int(15, 160), random.int(0, 1200)),
      approvalNumber: null,
      queryPending: (status === 2 && random.chance(0.4)) || (status === 4 && random.chance(0.2)),
      customer: random.pick([
        `Kommission ${random.pick(LAST_NAMES)}`,
        `Küche Familie ${random.pick(LAST_NAMES)}`,
        `Bauvorhaben ${random.pick(STREETS)} ${random.int(1, 90)}`,
        `Objekt ${company.city ?? ''} Los ${random.int(1, 12)}`,
      ]),
      autoApprove: company.autoApprove,
      billingName1: billing.name1,
      billingName2: billing.name2,
      billingZip: billing.zip,
      billingCountry: billing.country,
    }
    // Some dealer approvals were done by staff who had switched to the dealer.
    const realApprover = random.chance(0.15) ? DEMO_ACCOUNTS.staff.userId : approver
    let at = basket.created ?? daysBefore(30)
    type Actor = number | null
    const step = (action: BasketAction, from: BasketStatus | null, to: BasketStatus, actor: Actor, real: Actor) => {
      if (action !== 'create') at = addMinutes(at, random.int(30, 4000))
      if (action === 'approve') basket.approvalNumber = `FRG-${random.digits(6)}`
      history.push({
        basketId: basket.id,
        actorUserId: actor,
        realActorUserId: real,
        action,
        fromStatus: from,
        toStatus: to,
        approvalNumber: action === 'approve' ? basket.approvalNumber : null,
        createdAt: at,
      })
    }
    step('create', null, 0, placedBy, placedBy)
    if (status === 0 && random.chance(0.3)) {
      step('status_refresh', 0, 2, null, null)
      step('reset', 2, 0, approver, realApprover)
    } else if (status === 1 || status === 2) {
      step('status_refresh', 0, status, null, null)
    } else if (status >= 3) {
      if (basket.autoApprove) {
        step('status_refresh', 0, 3, null, null)
      } else {
        step('status_refresh', 0, 2, null, null)
        step('approve', 2, 3, approver, realApprover)
      }
      if (status >= 4) step('status_refresh', 3, 4, null, null)
      if (status >= 5) step('status_refresh', 4, status, null, null)
    }
    basket.lastStatusUpdate = at
    baskets.push(basket)
  }
  return { baskets, history }
}

/** The nearest dealer above (or at) a company: its billing address goes on the basket. */
function dealerOf(company: SeedCompany, byId: ReadonlyMap<number, SeedCompany>): SeedCompany {
  for (let current: SeedCompany | undefined = company; current; current = byId.get(current.parentId ?? 0)) {
    if (current.companyType === 'D') return current
  }
  return company
}

/** Mixes the two numbering schemes of the basket-number rule: 20xxxxxxxx and 99xxxxxx. */
export function uniqueBasketNumber(random: Random, taken: Set<string>): string {
  for (;;) {
    const number = random.chance(0.65) ? `20${random.digits(8)}` : `99${random.digits(6)}`
    if (!isValidBasketNumber(number)) throw new Error(`Seed made an invalid basket number ${number}`)
    if (taken.has(number)) continue
    taken.add(number)
    return number
  }
}
