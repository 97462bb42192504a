import type { NewPriceListEntry, priceLogRows, priceLogs } from '../db/schema/index'
import { uniqueBasketNumber } from './baskets'
import type { BasketWorld } from './baskets'
import { daysBefore } from './clock'
import type { CompanyWorld } from './companies'
import { ARTICLE_TYPES, ROW_TYPES, type RowType } from './data/price-data'
import type { Random } from './random'
import type { UserWorld } from './users'

export type PriceWorld = {
  entries: NewPriceListEntry[]
  logs: Array<typeof priceLogs.$inferInsert & { id: number }>
  rows: Array<typeof priceLogRows.$inferInsert>
}

const GENERAL_ENTRIES = 1_800
const CUSTOMER_ENTRIES = 200
const LOGS = 600

/** The price list (general and customer prices) and price logs of baskets and uploads. */
export function buildPrices(random: Random, world: CompanyWorld, people: UserWorld, orders: BasketWorld): PriceWorld {
  const entries: NewPriceListEntry[] = []
  const keys = new Set<string>()
  for (let i = 0; i < GENERAL_ENTRIES; i++) {
    const articleUid = `ART-${10_000 + i * 3 + random.int(0, 2)}`
    entries.push(entry(random, articleUid, random.pick(ARTICLE_TYPES), ''))
    keys.add(`${articleUid}|`)
  }
  const numbered = world.companies.flatMap((company) => (company.customerNumber ? [company.customerNumber] : []))
  while (entries.length < GENERAL_ENTRIES + CUSTOMER_ENTRIES) {
    const general = random.pick(entries.slice(0, GENERAL_ENTRIES))
    const customerNumber = random.pick(numbered)
    const key = `${general.articleUid}|${customerNumber}`
    if (keys.has(key)) continue
    keys.add(key)
    entries.push(entry(random, general.articleUid, general.articleType, customerNumber))
  }

  // Older logs get lower ids, as they would have in production.
  const dates = Array.from({ length: LOGS }, () => daysBefore(random.int(0, 200), random.int(0, 1440)))
  dates.sort((a, b) => a.getTime() - b.getTime())
  const uploaders = people.userGroups.filter((group) => group.permission === 'CAN_UPLOAD').map((group) => group.userId)
  const takenNumbers = new Set(orders.baskets.map((basket) => basket.basketNumber))
  const customers = world.companies.filter((company) => company.parentId !== null && !company.isGuestCompany)
  const logs: PriceWorld['logs'] = []
  const rows: PriceWorld['rows'] = []
  dates.forEach((date, index) => {
    const id = index + 1
    const rowCount = random.int(2, 8)
    if (random.chance(0.6)) {
      // A priced basket: half are baskets still in the system, half older ones.
      const basket = random.chance(0.5) ? random.pick(orders.baskets) : null
      const company = basket ? world.companies.find((c) => c.id === basket.companyId) : random.pick(customers)
      const contacts = people.activeUserIds.get(company?.id ?? 0) ?? []
      const cents = addRows(random, rows, id, rowCount, false)
      logs.push({
        id,
        date,
        kind: 'basket',
        basketNumber: basket?.basketNumber ?? uniqueBasketNumber(random, takenNumbers),
        price: money(cents),
        companyId: company?.id ?? null,
        contactUserId: basket?.placedByUserId ?? (contacts.length > 0 ? random.pick(contacts) : null),
      })
    } else {
      const article = random.pick(entries)
      addRows(random, rows, id, rowCount, true)
      logs.push({
        id,
        date,
        kind: 'upload',
        articleUid: article.articleUid,
        articleType: article.articleType,
        price: Number(article.price).toFixed(2),
        contactUserId: random.pick(uploaders),
      })
    }
  })
  return { entries, logs, rows }
}

/** customerNumber '' is the general price. */
function entry(random: Random, articleUid: string, articleType: string, customerNumber: string): NewPriceListEntry {
  const updated = daysBefore(random.int(1, 300))
  return {
    articleUid,
    articleType,
    price: (random.int(150, 95_000) / 100 + random.int(0, 99) / 10_000).toFixed(4),
    validFrom: random.chance(0.7) ? `2026-${String(random.int(1, 10)).padStart(2, '0')}-01` : null,
    customerNumber,
    updatedAt: updated,
  }
}

/** Adds the rows of one log and returns their total in cents; uploads carry the old price. */
function addRows(random: Random, rows: PriceWorld['rows'], priceLogId: number, count: number, upload: boolean): number {
  let total = 0
  for (let i = 0; i < count; i++) {
    const type: RowType = random.pick(ROW_TYPES)
    const quantity = random.int(1, 12)
    const itemCents = random.int(type.cents[0], type.cents[1])
    const discount = random.pick([0, 0, 5, 10, 12.5, 15, 20, 25, 30])
    const cents = Math.round((quantity * itemCents * (100 - discount)) / 100)
    total += cents
    rows.push({
      priceLogId,
      type: type.name,
      itemNumber: `${type.prefix}-${random.digits(5)}`,
      quantity,
      width: random.int(type.width[0], type.width[1]),
      height: random.int(type.height[0], type.height[1]),
      depth: random.int(type.depth[0], type.depth[1]),
      discount: discount.toFixed(2),
      itemPrice: money(itemCents),
      oprice: upload || random.chance(0.15) ? money(Math.round(itemCents * (0.9 + random.float() * 0.15))) : null,
      price: money(cents),
    })
  }
  return total
}

function money(cents: number): string {
  return (cents / 100).toFixed(2)
}
