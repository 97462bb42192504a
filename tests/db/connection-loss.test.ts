import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { freshDatabase, type TestDatabase } from '../helpers/database'

// On PostgreSQL (CI's second pass), a connection the server ends — a restart, a failover —
// must not crash the process; the next query simply gets a new connection.
describe.runIf(process.env.TEST_DATABASE_URL)('losing PostgreSQL connections', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await freshDatabase({ seed: false })
  })
  afterAll(() => database.dispose())

  it('recovers after the server terminates every connection', async () => {
    await database.db.execute(sql`select 1`)
    const rows = z.object({ rows: z.array(z.object({ name: z.string() })) })
    const [row] = rows.parse(await database.db.execute(sql`select current_database() as name`)).rows
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    try {
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [row?.name])
    } finally {
      await admin.end()
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
    const again = rows.parse(await database.db.execute(sql`select current_database() as name`))
    expect(again.rows[0]?.name).toBe(row?.name)
  })
})
