import type { Database } from '../src/server/db/client.server'
import { openDatabase } from '../src/server/db/client.server'
import { DataDirInUseError, claimDataDir, releaseDataDir } from '../src/server/db/data-dir-lock.server'
import { openEmbeddedDatabase } from '../src/server/db/embedded/open.server'
import { env } from '../src/server/env.server'

// Command-line tools open the same database the server uses. The embedded database belongs
// to one process at a time, so they claim its folder like the server does and refuse while
// a server holds it.
export async function openCliDatabase(): Promise<Database> {
  const config = env()
  if (config.DATABASE_URL) return openDatabase({ url: config.DATABASE_URL })
  try {
    claimDataDir(config.DATA_DIR)
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error
    console.error(
      `The portal server (pid ${error.pid}) is using the embedded database in ${config.DATA_DIR}.\n` +
        'Stop it first (Ctrl+C), run this command, then start it again — or use DATABASE_URL with PostgreSQL.',
    )
    process.exit(2)
  }
  const database = await openEmbeddedDatabase({
    dataDir: config.DATA_DIR,
    sharedBuffers: config.EMBEDDED_SHARED_BUFFERS,
    migrationsFolder: config.MIGRATIONS_DIR,
  })
  return {
    ...database,
    close: async () => {
      await database.close()
      releaseDataDir(config.DATA_DIR)
    },
  }
}
