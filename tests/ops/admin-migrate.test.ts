import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { openDatabase, type Database } from '../../src/server/db/client.server'
import { users } from '../../src/server/db/schema/index'
import { adminInProcess } from '../helpers/admin'
import { MIGRATIONS, admin as adminStatement } from '../helpers/database'

// `npm run admin -- migrate` on a database nobody has migrated, in-process; the same on an
// embedded database as a process: admin-cli.test.ts.

describe('migrate', () => {
  const tags = z
    .object({ entries: z.array(z.object({ tag: z.string() })) })
    .parse(JSON.parse(readFileSync(join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')))
    .entries.map((entry) => entry.tag)

  // A database nobody has migrated: in-memory PGlite, or a new database on TEST_DATABASE_URL.
  async function emptyDatabase(): Promise<{ database: Database; dispose(): Promise<void> }> {
    const url = process.env.TEST_DATABASE_URL
    if (!url) {
      const database = await openDatabase({ memory: true })
      return { database, dispose: () => database.close() }
    }
    const name = `portal_test_${randomBytes(6).toString('hex')}`
    await adminStatement(url, `create database ${name}`)
    const target = new URL(url)
    target.pathname = `/${name}`
    const database = await openDatabase({ url: target.toString() })
    return {
      database,
      dispose: async () => {
        await database.close()
        await adminStatement(url, `drop database if exists ${name} with (force)`)
      },
    }
  }

  it('applies every migration to an empty database and lists them; the other commands refuse the database before', async () => {
    const empty = await emptyDatabase()
    try {
      const refused = await adminInProcess(['create-staff', '--email', 'first@example.com'], { database: empty.database })
      expect(refused.code).toBe(1)
      expect(refused.stderr).toBe(
        `admin create-staff: The database lacks ${tags.length} migration(s) of this version (${tags.join(', ')}). Run \`npm run admin -- migrate\` first.`,
      )
      const run = await adminInProcess(['migrate'], { database: empty.database })
      expect([run.code, run.stderr]).toEqual([0, ''])
      expect(run.stdout).toBe([`Applied ${tags.length} migration(s):`, ...tags.map((tag) => `  ${tag}`), `The database is at ${tags.at(-1)}.`].join('\n'))
      expect(await empty.database.db.$count(users)).toBe(0)
      const again = await adminInProcess(['migrate'], { database: empty.database })
      expect(again.stdout).toBe(`Nothing to apply: the database is at ${tags.at(-1)} (${tags.length} migrations).`)
      // Migrated, but without data: no root company for staff yet.
      const noCompany = await adminInProcess(['create-staff', '--email', 'first@example.com'], { database: empty.database })
      expect([noCompany.code, noCompany.stderr]).toEqual([1, expect.stringContaining('The database has no company yet')])
    } finally {
      await empty.dispose()
    }
  })

  it('takes no options (exit 2)', async () => {
    const run = await adminInProcess(['migrate', '--seed'])
    expect([run.code, run.stderr]).toEqual([2, expect.stringContaining("Unknown option '--seed'")])
  })
})
