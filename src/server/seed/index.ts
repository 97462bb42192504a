import { hashPassword } from '../auth/password.server'
import { users } from '../db/schema/index'
import { allowLongJob } from '../db/bounds.server'
import type { Db } from '../db/types'
import { buildDemoData, type DemoData } from './build'
import { DEMO_PASSWORD } from './demo-accounts'
import { Random } from './random'
import { writeDemoData } from './write'

export { DEMO_ACCOUNTS, DEMO_COMPANY_IDS, DEMO_PASSWORD, DEMO_ROLES } from './demo-accounts'
export type { DemoAccount, DemoLanding, DemoRole } from './demo-accounts'

/** Rows written per table, keyed like the schema exports. */
export type SeedSummary = { readonly [K in keyof DemoData]: number }

export type SeedOptions = {
  /** Same seed, same data. */
  seed?: number
}

export const DEFAULT_SEED = 20_261_101

/**
 * Loads the demo data set into an empty, migrated database in one transaction.
 * Refuses when users exist, so it can never double the data.
 */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const random = new Random(options.seed ?? DEFAULT_SEED)
  return db.transaction(async (tx) => {
    // The whole demo world in one transaction is a long job (decision 050).
    await allowLongJob(tx)
    if ((await tx.$count(users)) > 0) {
      throw new Error('seedDemo: the database already has users; the demo data is only loaded into an empty database')
    }
    // One argon2 hash for every demo user (hashing is deliberately slow); the salt comes
    // from the seed so the stored hash is reproducible.
    const passwordHash = await hashPassword(DEMO_PASSWORD, random.fork('password-salt').bytes(16))
    const data = buildDemoData(random, passwordHash)
    await writeDemoData(tx, data)
    return summarize(data)
  })
}

function summarize(data: DemoData): SeedSummary {
  return {
    countries: data.countries.length,
    choiceOptions: data.choiceOptions.length,
    productionLines: data.productionLines.length,
    materials: data.materials.length,
    translationLanguages: data.translationLanguages.length,
    maintenanceSettings: data.maintenanceSettings.length,
    companies: data.companies.length,
    companyLines: data.companyLines.length,
    users: data.users.length,
    userGroups: data.userGroups.length,
    deliveryAddresses: data.deliveryAddresses.length,
    baskets: data.baskets.length,
    basketHistory: data.basketHistory.length,
    priceListEntries: data.priceListEntries.length,
    priceLogs: data.priceLogs.length,
    priceLogRows: data.priceLogRows.length,
    texts: data.texts.length,
    translations: data.translations.length,
    catalogueNodes: data.catalogueNodes.length,
    articleUnits: data.articleUnits.length,
  }
}
