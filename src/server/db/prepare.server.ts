import type { Database } from './client.server'
import { seedDemo } from '../seed/index'
import { users } from './schema/index'

export type PrepareOptions = { migrationsFolder: string; seed: boolean }

/** Applies migrations, then loads the demo data into an empty database when asked to. */
export async function prepareDatabase(database: Database, options: PrepareOptions): Promise<{ seeded: boolean }> {
  await database.migrate(options.migrationsFolder)
  if (!options.seed) return { seeded: false }
  if ((await database.db.$count(users)) > 0) return { seeded: false }
  await seedDemo(database.db)
  return { seeded: true }
}
