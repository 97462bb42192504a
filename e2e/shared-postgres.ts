import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/server/db/embedded/server.server'
import { admin } from '../tests/helpers/fresh-database'

// A PostgreSQL database of a test's own for servers started with DATABASE_URL: a new database on
// the machine's PostgreSQL (TEST_DATABASE_URL, or the local server on 127.0.0.1:5432 when it
// answers), dropped afterwards. A machine without one gets a private PostgreSQL server started
// from the embedded binaries (decision 032), so `npm test` needs nothing installed.
export type SharedPostgres = { url: string; where: string; dispose(): Promise<void> }

const MACHINE_URL = 'postgres://root@127.0.0.1:5432/test'

export async function sharedPostgres(prefix: string): Promise<SharedPostgres> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? MACHINE_URL
  const name = `${prefix}_${randomBytes(5).toString('hex')}`
  if (await answers(adminUrl)) {
    await admin(adminUrl, `create database ${name}`)
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    return {
      url: url.toString(),
      where: `PostgreSQL at ${url.host}`,
      dispose: () => admin(adminUrl, `drop database if exists ${name} with (force)`),
    }
  }
  const folder = mkdtempSync(join(tmpdir(), `${prefix}-`))
  let server: EmbeddedPostgres | undefined
  try {
    server = await startEmbeddedPostgres({ dataDir: folder, sharedBuffers: '64MB' })
    const { host, user, database } = server.connection
    const url = `postgres://${user ?? 'postgres'}@localhost/${database ?? 'portal'}?host=${encodeURIComponent(String(host))}`
    const started = server
    return {
      url,
      where: `a private PostgreSQL ${started.major} in ${folder}`,
      dispose: async () => {
        await started.stop()
        rmSync(folder, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await server?.stop()
    rmSync(folder, { recursive: true, force: true })
    throw error
  }
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 })
  try {
    await client.connect()
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}
