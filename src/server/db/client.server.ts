import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { processLogger } from '../ops/logger.server'
import { watchPool } from '../ops/pool-metrics.server'
import { BOUNDED_SESSION, boundSettings, configuredBounds, LONG_SESSION, type WaitBounds } from './bounds.server'
import { noteAnswered } from './outage.server'
import { releaseEndedClients } from './ended-clients.server'
import { watchSilentConnections } from './silent-connections.server'
import * as schema from './schema/index'
import { listenOn, type Listening } from './listen.server'
import { claimFolder, releaseFolder } from './open-folders.server'
import type { Db } from './types'

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** What the start-up banner says about it, when it is more than the kind (the embedded server). */
  about?: string
  migrate(migrationsFolder: string): Promise<void>
  close(): Promise<void>
  /**
   * PostgreSQL only: LISTEN on `channel` over a connection of its own, opened again when lost
   * (`onGap` then runs: messages may have been missed). PGlite is one process: nothing to hear.
   */
  listen?(channel: string, handlers: { onMessage: (payload: string) => void; onGap: () => void }): Listening
  /**
   * PostgreSQL only: runs `work` while holding a session-level advisory lock named `key`, so
   * several app servers starting at once on one database migrate and seed one after the other
   * (a server that dies lets go with its connection). PGlite has one process: nothing to wait for.
   */
  exclusively?<T>(key: number, work: () => Promise<T>): Promise<T>
}

// dataDir: a PGlite folder (an earlier version's embedded database, moved over at the first
// start: decision 032); sharedBuffers is its shared_buffers (PGlite's default is 128MB).
// loadDataDir: in memory, starting from a dump of another PGlite (tests copy one seeded database).
// pool: a PostgreSQL server by its `pg` settings (the embedded server's socket, decision 032).
// bounds: instead of the settings' (tests use small ones).
export type DatabaseTarget =
  | { url: string; bounds?: Partial<WaitBounds> }
  | { pool: pg.PoolConfig; bounds?: Partial<WaitBounds> }
  | { dataDir: string; sharedBuffers?: string }
  | { memory: true; loadDataDir?: Blob }

/** Opens PostgreSQL through `pg` for a URL or pool settings, otherwise PGlite in a folder or in memory. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target || 'pool' in target) {
    // Every wait bounded (decision 050); the LISTEN connection gets the same bounds.
    const waits = { ...configuredBounds(), ...target.bounds }
    const settings: pg.ClientConfig = { ...boundSettings(waits), ...('url' in target ? { connectionString: target.url } : target.pool) }
    // Room for the temporary tables of a big job in memory (a million-row price upload stages and
    // classifies ≈ 170 MB): with PostgreSQL's 8 MB they went to disk and back (decision 033). Taken
    // only as a session uses it; options in a DATABASE_URL win.
    const pool = new pg.Pool({ options: '-c temp_buffers=256MB', ...settings, max: 10 })
    // An idle connection that the server ends (restart, failover, a dropped database) must not
    // crash the process: the pool discards it and opens a new one on the next query.
    pool.on('error', (error) => processLogger().warn({ why: error.message }, 'idle PostgreSQL connection lost'))
    // A connection lost while a request holds it fails that request's query, which answers for it
    // (503); without a listener its error event would be an uncaught exception.
    pool.on('connect', (client) => client.on('error', (error) => processLogger().debug({ why: error.message }, 'PostgreSQL connection lost in use')))
    // A query that succeeded (released without an error) ends an outage (outage.server.ts).
    pool.on('release', (error) => {
      if (!error) noteAnswered()
    })
    watchPool(pool)
    // A query whose server went silent ends its connection past the bounds, and a connection that
    // ends while handed out goes back to the pool, whatever its holder does (decision 050).
    const unwatch = watchSilentConnections(pool, waits)
    releaseEndedClients(pool)
    const db = drizzlePg(pool, { schema })
    return {
      db,
      kind: 'postgres',
      migrate: (migrationsFolder) => migrateLongSession(pool, migrationsFolder),
      close: () => {
        unwatch()
        return pool.end()
      },
      listen: (channel, handlers) => listenOn(settings, channel, handlers),
      exclusively: async (key, work) => {
        const client = await pool.connect()
        try {
          // Another server may be migrating: wait for it as long as a long job may take.
          await client.query(LONG_SESSION)
          await client.query('select pg_advisory_lock($1)', [key])
          try {
            return await work()
          } finally {
            await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined)
          }
        } finally {
          await client.query(BOUNDED_SESSION).catch(() => undefined)
          client.release()
        }
      },
    }
  }
  let dataDir: string | undefined
  const startParams = [...PGlite.defaultStartParams]
  if ('dataDir' in target) {
    if (target.sharedBuffers) startParams.push('-c', `shared_buffers=${target.sharedBuffers}`)
    dataDir = resolve(target.dataDir)
    claimFolder(dataDir)
    // PGlite does not create the folder itself.
    mkdirSync(dataDir, { recursive: true })
  }
  let client: PGlite
  try {
    const loadDataDir = 'loadDataDir' in target ? target.loadDataDir : undefined
    client = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm }, startParams })
  } catch (error) {
    if (dataDir) releaseFolder(dataDir)
    throw error
  }
  const db = drizzlePglite(client, { schema })
  let closing: Promise<void> | undefined
  return {
    db,
    kind: 'pglite',
    migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
    close: () =>
      (closing ??= client.close().finally(() => {
        if (dataDir) releaseFolder(dataDir)
      })),
  }
}

/** Migrations run on one connection of their own, bounded as a long job (decision 050). */
async function migrateLongSession(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const client = await pool.connect()
  try {
    await client.query(LONG_SESSION)
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder })
  } finally {
    await client.query(BOUNDED_SESSION).catch(() => undefined)
    client.release()
  }
}
