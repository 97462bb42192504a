import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import { openDatabase, type Database } from '../../src/server/db/client.server'
import { prepareDatabase } from '../../src/server/db/prepare.server'

// A fresh database for one test file: in-memory PGlite, or with TEST_DATABASE_URL a new
// PostgreSQL database created for this file and dropped afterwards. A seeded one starts as a
// copy of the run's seeded template (tests/setup/template.ts).
export type TestDatabase = Database & { dispose(): Promise<void> }

export const MIGRATIONS = './src/server/db/migrations'

export async function freshDatabase({ seed }: { seed: boolean }): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL
  const template = seed ? inject('seededTemplate') : undefined
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
