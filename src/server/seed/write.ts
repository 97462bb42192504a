import { getTableName, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import * as schema from '../db/schema/index'
import type { Db } from '../db/types'
import type { DemoData } from './build'
import { insertRows } from './bulk-insert'

/** The seed chooses ids itself; move each serial past them so later inserts do not collide. */
async function syncSerial(db: Db, table: PgTable): Promise<void> {
  await db.execute(sql`select setval(pg_get_serial_sequence(${getTableName(table)}, 'id'), coalesce((select max("id") from ${table}), 1))`)
}

/** Writes the demo rows in foreign-key order. */
export async function writeDemoData(db: Db, data: DemoData): Promise<void> {
  await insertRows(db, schema.countries, data.countries)
  await insertRows(db, schema.choiceOptions, data.choiceOptions)
  await insertRows(db, schema.productionLines, data.productionLines)
  await insertRows(db, schema.materials, data.materials)
  await insertRows(db, schema.translationLanguages, data.translationLanguages)
  // Settings an operator made before the first start (npm run maintenance) are kept.
  if (data.maintenanceSettings.length > 0) await db.insert(schema.maintenanceSettings).values(data.maintenanceSettings).onConflictDoNothing()
  // Ids grow from parent to child, so each batch only points at rows already written.
  await insertRows(db, schema.companies, data.companies)
  await insertRows(
    db,
    schema.companyTree,
    data.companies.map(({ id, path, depth }) => ({ companyId: id, path, depth })),
  )
  await insertRows(db, schema.companyLines, data.companyLines)
  await insertRows(db, schema.users, data.users)
  await insertRows(db, schema.userGroups, data.userGroups)
  await insertRows(db, schema.deliveryAddresses, data.deliveryAddresses)
  await insertRows(db, schema.baskets, data.baskets)
  await insertRows(db, schema.basketHistory, data.basketHistory)
  await insertRows(db, schema.priceListEntries, data.priceListEntries)
  await insertRows(db, schema.priceLogs, data.priceLogs)
  await insertRows(db, schema.priceLogRows, data.priceLogRows)
  await insertRows(db, schema.texts, data.texts)
  await insertRows(db, schema.translations, data.translations)
  await insertRows(db, schema.catalogueNodes, data.catalogueNodes)
  await insertRows(db, schema.articleUnits, data.articleUnits)
  for (const table of [
    schema.productionLines,
    schema.companies,
    schema.users,
    schema.baskets,
    schema.priceLogs,
    schema.texts,
    schema.catalogueNodes,
    schema.articleUnits,
  ]) {
    await syncSerial(db, table)
  }
}
