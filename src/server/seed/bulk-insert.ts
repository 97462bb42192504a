import { getTableColumns, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/types'

// Rows per statement; the rows travel as one JSON parameter, so only memory bounds this.
const ROWS_PER_STATEMENT = 2_000

// json_to_recordset needs plain types; serials are integers once the row exists.
const PLAIN_TYPE: Readonly<Record<string, string>> = { serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' }

/**
 * Inserts many rows with one statement per batch: the rows go as a single JSON parameter
 * that json_to_recordset unpacks. Building a multi-row VALUES list through the query builder
 * costs ~10x more (SQL assembly and thousands of bind parameters), which is most of the seed's
 * time on PGlite. A column missing from a row is written as NULL, not as its default.
 */
export async function insertRows<T extends PgTable>(db: Db, table: T, rows: ReadonlyArray<T['$inferInsert']>): Promise<void> {
  if (rows.length === 0) return
  const records = rows.map((row) => new Map<string, unknown>(Object.entries(row)))
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => records.some((record) => record.get(key) !== undefined))
  for (const [key, column] of columns) {
    if (column.notNull && records.some((record) => record.get(key) === undefined)) {
      throw new Error(`insertRows: some rows lack ${column.name}, which must not be NULL`)
    }
  }
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  )
  const definitions = sql.join(
    columns.map(([, column]) => sql`${sql.identifier(column.name)} ${sql.raw(sqlType(column))}`),
    sql`, `,
  )
  for (let start = 0; start < records.length; start += ROWS_PER_STATEMENT) {
    const batch = records.slice(start, start + ROWS_PER_STATEMENT).map((record) => {
      const out: Record<string, unknown> = {}
      for (const [key, column] of columns) out[column.name] = jsonValue(record.get(key))
      return out
    })
    const json = JSON.stringify(batch)
    await db.execute(sql`insert into ${table} (${names}) select ${names} from json_to_recordset(${json}::json) as x(${definitions})`)
  }
}

function sqlType(column: PgColumn): string {
  const type = column.getSQLType()
  return PLAIN_TYPE[type] ?? type
}

function jsonValue(value: unknown): unknown {
  if (value === undefined) return null
  if (value instanceof Date) return value.toISOString()
  // bytea's text input format.
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`
  return value
}
