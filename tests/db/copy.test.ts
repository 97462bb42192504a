import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { copyRows, copyTargetOf, copyText, copyWriter, pgliteClientOf } from '../../src/server/db/copy.server'
import { freshDatabase, type TestDatabase } from '../helpers/database'

// COPY on both engines (the price upload's staging rows): PGlite from a blob, PostgreSQL from STDIN.
describe('copyText', () => {
  it('writes null as \\N and escapes backslash, tab and line breaks', () => {
    expect(copyText(null)).toBe('\\N')
    expect(copyText(12)).toBe('12')
    expect(copyText('Zarge 12"')).toBe('Zarge 12"')
    expect(copyText('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re')
    expect(copyText('\\N')).toBe('\\\\N')
  })
})

describe('copyRows', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await freshDatabase({ seed: false })
  })
  afterAll(() => database.dispose())

  it('finds the PGlite client under Drizzle, inside a transaction too, and a transaction’s connection on node-postgres', async () => {
    const embedded = !process.env.TEST_DATABASE_URL
    expect(pgliteClientOf(database.db) !== null).toBe(embedded)
    // A pool has no one connection to COPY on; a transaction has.
    expect(copyTargetOf(database.db)?.kind).toBe(embedded ? 'pglite' : undefined)
    await database.db.transaction(async (tx) => {
      expect(pgliteClientOf(tx) !== null).toBe(embedded)
      expect(copyTargetOf(tx)?.kind).toBe(embedded ? 'pglite' : 'postgres')
    })
  })

  it('copies awkward values unchanged inside a transaction, and the connection stays usable', async () => {
    const values = ['plain', 'tab\there', 'back\\slash', 'two\nlines', '\\N', 'Tür „Eiche“']
    const rows = z.object({ rows: z.array(z.object({ id: z.coerce.number(), value: z.string().nullable() })) })
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`create temp table copy_probe (id integer, value text) on commit drop`)
      const target = copyTargetOf(tx)
      if (!target) throw new Error('nothing to COPY on')
      await copyRows(target, 'copy_probe', ['id', 'value'], [...values.map((value, i) => [i, value]), [values.length, null]])
      const read = rows.parse(await tx.execute(sql`select id, value from copy_probe order by id`)).rows
      expect(read.map((row) => row.value)).toEqual([...values, null])
    })
    // The connection is usable afterwards and the temp table is gone with the commit.
    const left = z
      .object({ rows: z.array(z.object({ n: z.coerce.number() })) })
      .parse(await database.db.execute(sql`select count(*) as n from pg_class where relname = 'copy_probe'`))
    expect(left.rows[0]?.n).toBe(0)
  })

  it('writes rows as they come with one open COPY, and an ended writer leaves the connection usable', async () => {
    const rows = z.object({ rows: z.array(z.object({ id: z.coerce.number(), value: z.string().nullable() })) })
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`create temp table copy_stream (id integer, value text) on commit drop`)
      const target = copyTargetOf(tx)
      if (!target) throw new Error('nothing to COPY on')
      const writer = copyWriter(target, 'copy_stream', ['id', 'value'])
      await writer.write([[1, 'eins\tzwei']])
      await writer.write([])
      await writer.write([
        [2, null],
        [3, 'drei\n'],
      ])
      await writer.end()
      const read = rows.parse(await tx.execute(sql`select id, value from copy_stream order by id`)).rows
      expect(read).toEqual([
        { id: 1, value: 'eins\tzwei' },
        { id: 2, value: null },
        { id: 3, value: 'drei\n' },
      ])
      // Nothing written at all: the COPY still ends cleanly.
      await copyWriter(target, 'copy_stream', ['id', 'value']).end()
      expect(rows.parse(await tx.execute(sql`select id, value from copy_stream order by id`)).rows).toHaveLength(3)
    })
  })
})
