import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { openDatabase, type Database } from '../../src/server/db/client.server'
import { prepareDatabase } from '../../src/server/db/prepare.server'

// A fresh database of its own: in-memory PGlite, or with TEST_DATABASE_URL a new PostgreSQL
// database created for it and dropped on dispose. Free of Vitest, so the benchmarks open their
// databases the same way; tests/helpers/database.ts adds the run's seeded template.
export type TestDatabase = Database & { dispose(): Promise<void> }

/** A seeded database to start from: a dump of a PGlite, or a PostgreSQL template database. */
export type SeededTemplate = { kind: 'pglite'; file: string } | { kind: 'postgres'; name: string }

export const MIGRATIONS = './src/server/db/migrations'

export async function openFreshDatabase({ seed, template }: { seed: boolean; template?: SeededTemplate }): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) {
    const loadDataDir = template?.kind === 'pglite' ? new Blob([readFileSync(template.file)]) : undefined
    const database = await openDatabase({ memory: true, loadDataDir })
    await prepareDatabase(database, { migrationsFolder: MIGRATIONS, seed })
    return { ...database, dispose: () => database.close() }
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`
  await admin(url, template?.kind === 'postgres' ? `create database ${name} template ${template.name}` : `create database ${name}`)
  const target = new URL(url)
  target.pathname = `/${name}`
  const database = await openDatabase({ url: target.toString() })
  await prepareDatabase(database, { migrationsFolder: MIGRATIONS, seed })
  return {
    ...database,
    dispose: async () => {
      await database.close()
      await admin(url, `drop database if exists ${name} with (force)`)
    },
  }
}

export async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}
