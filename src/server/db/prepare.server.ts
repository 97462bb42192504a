import type { Database } from './client.server'
import { seedDemo } from '../seed/index'
import { users } from './schema/index'

export type PrepareOptions = { migrationsFolder: string; seed: boolean }

// The advisory lock under which a server migrates and seeds a PostgreSQL database ("portal" in ASCII).
const PREPARE_LOCK = 0x706f7274616c

/**
 * Applies migrations, then loads the demo data into an empty database when asked to. Servers
 * starting at once on one PostgreSQL take turns: the second finds the schema and the data there.
 */
export async function prepareDatabase(database: Database, options: PrepareOptions): Promise<{ seeded: boolean }> {
  const prepare = async () => {
    await database.migrate(options.migrationsFolder)
    if (!options.seed) return { seeded: false }
    if ((await database.db.$count(users)) > 0) return { seeded: false }
    await seedDemo(database.db)
    return { seeded: true }
  }
  return database.exclusively ? database.exclusively(PREPARE_LOCK, prepare) : prepare()
}
