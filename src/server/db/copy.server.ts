import type { PGlite, Transaction } from '@electric-sql/pglite'
import pg from 'pg'
import type { Db } from './types'

// Bulk loading rows with COPY where the embedded database allows it. PGlite reads
// `COPY … FROM '/dev/blob'` from a Blob, about three times faster than inserting the same
// rows from a JSON parameter (decision 015). Drizzle has no COPY, so the PGlite client or
// transaction under a Drizzle handle is reached through its session (drizzle-orm is pinned;
// tests/db/copy.test.ts fails if that changes). On node-postgres this answers null and the
// caller inserts as usual.
type PgliteClient = Pick<PGlite | Transaction, 'query'>

export function pgliteClientOf(db: Db): PgliteClient | null {
  const client = fieldOf(fieldOf(db, 'session'), 'client')
  if (!client || typeof client !== 'object' || client instanceof pg.Pool || client instanceof pg.Client) return null
  return typeof (client as PgliteClient).query === 'function' ? (client as PgliteClient) : null
}

/** A property of an object that the types do not name (Drizzle's session, its client), or undefined. */
function fieldOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && key in value ? (Reflect.get(value, key) as unknown) : undefined
}

/** One value in COPY's text format: \N for null, backslash, tab and line breaks escaped. */
export function copyText(value: string | number | null): string {
  if (value === null) return '\\N'
  const text = String(value)
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (char) => COPY_ESCAPES[char]!) : text
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }

/** COPY the rows (values in column order) into a table on a PGlite client or transaction. */
export async function copyRows(
  client: PgliteClient,
  table: string,
  columns: ReadonlyArray<string>,
  rows: ReadonlyArray<ReadonlyArray<string | number | null>>,
): Promise<void> {
  const text = rows.map((row) => row.map(copyText).join('\t')).join('\n') + '\n'
  await client.query(`copy ${table} (${columns.join(', ')}) from '/dev/blob'`, [], { blob: new Blob([text]) })
}
