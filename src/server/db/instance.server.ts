import { env } from '../env.server'
import { openDatabase, type Database } from './client.server'
import { openEmbeddedDatabase } from './embedded/open.server'
import { prepareDatabase } from './prepare.server'

// The process-wide database: opened, migrated and (for the embedded default) seeded once.
// The bundler may put this module into more than one chunk of the built server (the nitro
// entry and the app's SSR chunk each get a copy), so the handle lives on globalThis, not in
// a module variable: every copy sees the same one. openDatabase refuses a second open of the
// same folder, so a copy that slipped past this would fail loudly instead of corrupting it.
type DatabaseSlot = { current: Promise<Database> | undefined }

declare global {
  var __portalDatabase: DatabaseSlot | undefined
}

function slot(): DatabaseSlot {
  globalThis.__portalDatabase ??= { current: undefined }
  return globalThis.__portalDatabase
}

export function getDatabase(): Promise<Database> {
  const held = slot()
  held.current ??= openProcessDatabase()
  return held.current
}

/** The database if it is open (or opening), without opening it. */
export function openedDatabase(): Promise<Database> | undefined {
  return slot().current
}

async function openProcessDatabase(): Promise<Database> {
  const config = env()
  // Without DATABASE_URL: the embedded PostgreSQL in DATA_DIR (decision 032).
  const database = config.DATABASE_URL
    ? await openDatabase({ url: config.DATABASE_URL })
    : await openEmbeddedDatabase({ dataDir: config.DATA_DIR, sharedBuffers: config.EMBEDDED_SHARED_BUFFERS, migrationsFolder: config.MIGRATIONS_DIR })
  try {
    await prepareDatabase(database, {
      migrationsFolder: config.MIGRATIONS_DIR,
      seed: config.SEED_DEMO === 'always' || (config.SEED_DEMO === 'auto' && !config.DATABASE_URL),
    })
  } catch (error) {
    await database.close().catch(() => undefined)
    throw error
  }
  return database
}

export async function closeDatabase(): Promise<void> {
  const held = slot()
  const pending = held.current
  held.current = undefined
  if (!pending) return
  const database = await pending.catch(() => null)
  await database?.close()
}

/** Tests and benchmarks hand in their own database. */
export function useDatabase(database: Database): void {
  slot().current = Promise.resolve(database)
}
