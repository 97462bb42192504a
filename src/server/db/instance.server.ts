import { join } from 'node:path'
import { env } from '../env.server'
import { openDatabase, type Database } from './client.server'
import { prepareDatabase } from './prepare.server'

// The process-wide database: opened, migrated and (for the embedded default) seeded once.
let current: Promise<Database> | undefined

export function getDatabase(): Promise<Database> {
  current ??= openProcessDatabase()
  return current
}

async function openProcessDatabase(): Promise<Database> {
  const config = env()
  const database = config.DATABASE_URL
    ? await openDatabase({ url: config.DATABASE_URL })
    : await openDatabase({ dataDir: join(config.DATA_DIR, 'pglite'), sharedBuffers: config.PGLITE_SHARED_BUFFERS })
  await prepareDatabase(database, {
    migrationsFolder: config.MIGRATIONS_DIR,
    seed: config.SEED_DEMO === 'always' || (config.SEED_DEMO === 'auto' && !config.DATABASE_URL),
  })
  return database
}

export async function closeDatabase(): Promise<void> {
  const pending = current
  current = undefined
  if (pending) await (await pending).close()
}

/** Tests and benchmarks hand in their own database. */
export function useDatabase(database: Database): void {
  current = Promise.resolve(database)
}
