import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../src/server/db/client.server'
import { prepareDatabase } from '../../src/server/db/prepare.server'
import { MIGRATIONS, admin, type SeededTemplate } from '../helpers/fresh-database'

// Migrating and seeding the demo data takes seconds, and nearly every test file wants a fresh
// seeded database. So it is done once per run: a dump of a seeded in-memory PGlite that each
// file loads, or with TEST_DATABASE_URL a template database each file's database is copied
// from. Each file still gets a database of its own.
declare module 'vitest' {
  export interface ProvidedContext {
    seededTemplate: SeededTemplate
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) {
    const database = await openDatabase({ memory: true })
    await prepareDatabase(database, { migrationsFolder: MIGRATIONS, seed: true })
    const client = (database.db as unknown as { $client: PGlite }).$client
    const dump = await client.dumpDataDir('none')
    await database.close()
    const folder = resolve('data/test')
    mkdirSync(folder, { recursive: true })
    const file = join(folder, `seeded-${process.pid}.tar`)
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
    project.provide('seededTemplate', { kind: 'pglite', file })
    return async () => rmSync(file, { force: true })
  }
  const name = `portal_template_${randomBytes(6).toString('hex')}`
  await admin(url, `create database ${name}`)
  const target = new URL(url)
  target.pathname = `/${name}`
  const database = await openDatabase({ url: target.toString() })
  await prepareDatabase(database, { migrationsFolder: MIGRATIONS, seed: true })
  await database.close()
  project.provide('seededTemplate', { kind: 'postgres', name })
  return () => admin(url, `drop database if exists ${name} with (force)`)
}
