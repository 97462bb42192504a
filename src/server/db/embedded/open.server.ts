import { openDatabase, type Database } from '../client.server'
import { moveFromPglite } from './pglite-move.server'
import { startEmbeddedPostgres, type EmbeddedPostgres } from './server.server'
import { notice } from '../../ops/notice.server'

// The embedded default as one Database: the server started, the schema migrated, a PGlite
// folder of an earlier version moved in; closing ends the pool, then the server. Used by the
// portal (instance.server.ts), the command-line tools and the benchmarks. Decision 032.
export type EmbeddedDatabase = Database & { server: EmbeddedPostgres }

export async function openEmbeddedDatabase(options: { dataDir: string; sharedBuffers: string; migrationsFolder: string }): Promise<EmbeddedDatabase> {
  const server = await startEmbeddedPostgres(options)
  if (server.widened) {
    notice({
      level: 'warn',
      part: 'db',
      message:
        'root started the portal in a folder other accounts may not enter: the embedded database runs with the right to read any folder ' +
        '(CAP_DAC_READ_SEARCH). Run the portal as a normal user, or from a folder others may enter, to avoid that.',
    })
  }
  let database: Database | undefined
  try {
    database = await openDatabase({ pool: server.connection })
    await database.migrate(options.migrationsFolder)
    const moved = await moveFromPglite(options.dataDir, server.connection, options.migrationsFolder)
    if (moved.moved && moved.rows > 0) {
      notice({
        level: 'info',
        part: 'db',
        message:
          `moved ${moved.rows.toLocaleString('en')} rows in ${moved.tables} tables in ${(moved.ms / 1000).toFixed(1)} s; ` +
          `the old folder is kept as ${moved.keptAs} (delete it once you no longer need it).`,
      })
    }
  } catch (error) {
    await database?.close().catch(() => undefined)
    await server.stop()
    throw error
  }
  const opened = database
  let closing: Promise<void> | undefined
  return {
    ...opened,
    server,
    about: `embedded PostgreSQL ${server.major} in ${server.pgdata}`,
    close: () =>
      (closing ??= (async () => {
        try {
          await opened.close()
        } finally {
          await server.stop()
        }
      })()),
  }
}
