import { randomBytes } from 'node:crypto'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { openDatabase, type Database } from '../../src/server/db/client.server'
import { MIGRATIONS, admin } from '../helpers/database'

// Migration 0006 takes the path and depth out of companies into company_tree (decision 029).
// Databases in use have companies: a database migrated up to 0005 with a small tree in it must
// come out of 0006 with the same tree, on either engine.
const LAST_BEFORE = '0005_delivery_rules'
const journal = z.looseObject({ entries: z.array(z.looseObject({ tag: z.string() })) })

/** A migrations folder that ends at `tag`, as a database that has not seen the later ones. */
function migrationsUpTo(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'migrations-'))
  mkdirSync(join(folder, 'meta'))
  const all = journal.parse(JSON.parse(readFileSync(join(MIGRATIONS, 'meta/_journal.json'), 'utf8')))
  const entries = all.entries.slice(0, all.entries.findIndex((entry) => entry.tag === tag) + 1)
  for (const entry of entries) copyFileSync(join(MIGRATIONS, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`))
  writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify({ ...all, entries }))
  return folder
}

let database: Database
let dispose: () => Promise<void>
let before: string

beforeAll(async () => {
  before = migrationsUpTo(LAST_BEFORE)
  const url = process.env.TEST_DATABASE_URL
  if (!url) {
    database = await openDatabase({ memory: true })
    dispose = () => database.close()
    return
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`
  await admin(url, `create database ${name}`)
  const target = new URL(url)
  target.pathname = `/${name}`
  database = await openDatabase({ url: target.toString() })
  dispose = async () => {
    await database.close()
    await admin(url, `drop database if exists ${name} with (force)`)
  }
})
afterAll(async () => {
  rmSync(before, { recursive: true, force: true })
  await dispose()
})

const treeRows = z.object({ rows: z.array(z.object({ company_id: z.number(), path: z.string(), depth: z.number() })) })
const columnRows = z.object({ rows: z.array(z.object({ column_name: z.string() })) })

describe('migration 0006 (company_tree)', () => {
  it('moves every existing company’s path and depth over and drops the old columns', async () => {
    await database.migrate(before)
    await database.db.execute(sql`insert into countries (code, name_de, name_en) values ('DE', 'Deutschland', 'Germany')`)
    await database.db.execute(sql`insert into companies (id, parent_id, path, depth, name1, address1, zip, city, country) values
      (1, null, '/1/', 0, 'Lieferant', 'Weg 1', '70173', 'Stuttgart', 'DE'),
      (2, 1, '/1/2/', 1, 'Händler', 'Weg 2', '70173', 'Stuttgart', 'DE'),
      (3, 2, '/1/2/3/', 2, 'Schreinerei', 'Weg 3', '72764', 'Reutlingen', 'DE')`)
    await database.migrate(MIGRATIONS)
    const moved = treeRows.parse(await database.db.execute(sql`select company_id, path, depth from company_tree order by company_id`))
    expect(moved.rows).toEqual([
      { company_id: 1, path: '/1/', depth: 0 },
      { company_id: 2, path: '/1/2/', depth: 1 },
      { company_id: 3, path: '/1/2/3/', depth: 2 },
    ])
    const columns = columnRows.parse(
      await database.db.execute(sql`select column_name from information_schema.columns where table_name = 'companies' and column_name in ('path', 'depth')`),
    )
    expect(columns.rows).toEqual([])
  })
})
