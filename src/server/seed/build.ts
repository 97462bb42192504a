import type { maintenanceSettings } from '../db/schema/index'
import { buildBaskets } from './baskets'
import { buildCatalogues } from './catalogues'
import { buildCompanies } from './companies'
import { buildDeliveryAddresses } from './delivery'
import { buildPrices } from './prices'
import type { Random } from './random'
import { buildReferenceData } from './reference'
import { TextStore } from './text-store'
import { addSystemTexts, addVartexts } from './texts'
import { buildUsers } from './users'

/** All demo rows, built in memory before anything is written. */
export function buildDemoData(random: Random, passwordHash: string) {
  const reference = buildReferenceData(random.fork('reference'))
  const world = buildCompanies(random.fork('companies'), reference.lines)
  const people = buildUsers(random.fork('users'), world, passwordHash)
  const orders = buildBaskets(random.fork('baskets'), world, people)
  const prices = buildPrices(random.fork('prices'), world, people, orders)
  const store = new TextStore(random.fork('texts'))
  addVartexts(random.fork('vartext'), store)
  addSystemTexts(random.fork('system'), store)
  const catalogues = buildCatalogues(random.fork('catalogues'), store)
  const maintenance: Array<typeof maintenanceSettings.$inferInsert> = [{ id: 1, loginAllowed: true, testLoginAllowed: true, flashText: '' }]
  return {
    countries: reference.countries,
    choiceOptions: reference.choiceOptions,
    productionLines: reference.productionLines,
    materials: reference.materials,
    translationLanguages: reference.translationLanguages,
    maintenanceSettings: maintenance,
    companies: world.companies,
    companyLines: world.companyLines,
    users: people.users,
    userGroups: people.userGroups,
    deliveryAddresses: buildDeliveryAddresses(random.fork('delivery'), world),
    baskets: orders.baskets,
    basketHistory: orders.history,
    priceListEntries: prices.entries,
    priceLogs: prices.logs,
    priceLogRows: prices.rows,
    texts: store.texts,
    translations: store.translations,
    catalogueNodes: catalogues.nodes,
    articleUnits: catalogues.units,
  }
}

export type DemoData = ReturnType<typeof buildDemoData>
