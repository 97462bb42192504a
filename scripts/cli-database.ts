import type pg from 'pg'
import type { Database } from '../src/server/db/client.server'
import { openDatabase } from '../src/server/db/client.server'
import { DataDirInUseError, claimDataDir, releaseDataDir } from '../src/server/db/data-dir-lock.server'
import { attachToRunningServer, AttachError } from '../src/server/db/embedded/attach.server'
import { openEmbeddedDatabase } from '../src/server/db/embedded/open.server'
import { env } from '../src/server/env.server'

// Command-line tools open the same database the server uses. The embedded database belongs to
// one process at a time: with no portal running, a tool claims DATA_DIR and starts the server
// itself, as the portal does; while a portal holds DATA_DIR, the tool connects to the server
// that portal runs, through its socket (decision 042), and leaves it running when done.
export type CliDatabase = Database & {
  /** The embedded database (no DATABASE_URL): its data folder, how to reach it, who runs it. */
  embedded?: { dataDir: string; pgdata: string; connection: pg.PoolConfig; major: number; portalPid: number | null }
}

export async function openCliDatabase(): Promise<CliDatabase> {
  const config = env()
  if (config.DATABASE_URL) return openDatabase({ url: config.DATABASE_URL })
  try {
    claimDataDir(config.DATA_DIR)
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error
    return attachToPortal(config.DATA_DIR, error.pid)
  }
  let database: Awaited<ReturnType<typeof openEmbeddedDatabase>>
  try {
    database = await openEmbeddedDatabase({
      dataDir: config.DATA_DIR,
      sharedBuffers: config.EMBEDDED_SHARED_BUFFERS,
      migrationsFolder: config.MIGRATIONS_DIR,
    })
  } catch (error) {
    releaseDataDir(config.DATA_DIR)
    throw error
  }
  const { server } = database
  return {
    ...database,
    embedded: { dataDir: config.DATA_DIR, pgdata: server.pgdata, connection: server.connection, major: server.major, portalPid: null },
    close: async () => {
      await database.close()
      releaseDataDir(config.DATA_DIR)
    },
  }
}

async function attachToPortal(dataDir: string, portalPid: number): Promise<CliDatabase> {
  let server: Awaited<ReturnType<typeof attachToRunningServer>>
  try {
    server = await attachToRunningServer(dataDir)
  } catch (error) {
    if (!(error instanceof AttachError)) throw error
    console.error(
      `The portal server (pid ${portalPid}) is using the embedded database in ${dataDir}, and ${error.message} (is it starting or stopping?).\n` +
        'Wait until it serves and try again. Stop it first (Ctrl+C) to run this command without it — or use DATABASE_URL with PostgreSQL.',
    )
    process.exit(2)
  }
  const database = await openDatabase({ pool: server.connection })
  return {
    ...database,
    about: `embedded PostgreSQL ${server.major} in ${server.pgdata}, run by the portal (pid ${portalPid})`,
    embedded: { dataDir, pgdata: server.pgdata, connection: server.connection, major: server.major, portalPid },
  }
}
