import type { PGlite, Transaction } from '@electric-sql/pglite'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import type { Db } from './types'

// Bulk loading rows with COPY, on both engines. PGlite reads `COPY … FROM '/dev/blob'` from a
// Blob; PostgreSQL (the embedded server and DATABASE_URL) takes `COPY … FROM STDIN` through
// pg-copy-streams (decisions 015 and 032). Both are several times faster than inserting the
// same rows from a JSON parameter. Drizzle has no COPY, so the client or transaction under a
// Drizzle handle is reached through its session (drizzle-orm is pinned; tests/db/copy.test.ts
// fails if that changes).
export type PgliteClient = Pick<PGlite | Transaction, 'query'>

export type CopyTarget = { kind: 'pglite'; client: PgliteClient } | { kind: 'postgres'; client: pg.Client }

/** The PGlite client or transaction under a Drizzle handle, or null on PostgreSQL. */
export function pgliteClientOf(db: Db): PgliteClient | null {
  const target = copyTargetOf(db)
  return target?.kind === 'pglite' ? target.client : null
}

/**
 * What COPY can run on for a Drizzle handle: PGlite's client or transaction, or the pooled
 * `pg` connection of a PostgreSQL transaction. A pool itself has no one connection: null.
 */
export function copyTargetOf(db: Db): CopyTarget | null {
  const client = fieldOf(fieldOf(db, 'session'), 'client')
  if (!client || typeof client !== 'object' || client instanceof pg.Pool) return null
  if (client instanceof pg.Client) return { kind: 'postgres', client }
  return typeof (client as PgliteClient).query === 'function' ? { kind: 'pglite', client: client as PgliteClient } : null
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

/** COPY the rows (values in column order) into a table, on either engine. */
export async function copyRows(
  target: CopyTarget,
  table: string,
  columns: ReadonlyArray<string>,
  rows: ReadonlyArray<ReadonlyArray<string | number | null>>,
): Promise<void> {
  await copyTextInto(target, table, columns, copyLines(rows))
}

/** Rows as COPY's text format: a line each, values escaped and separated by tabs. */
export function copyLines(rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return rows.map((row) => row.map(copyText).join('\t')).join('\n') + '\n'
}

/** COPY lines of text already in COPY's text format (copyLines) into a table, on either engine. */
async function copyTextInto(target: CopyTarget, table: string, columns: ReadonlyArray<string>, text: string | Buffer<ArrayBuffer>): Promise<void> {
  const statement = `copy ${table} (${columns.join(', ')}) from`
  if (target.kind === 'pglite') {
    await target.client.query(`${statement} '/dev/blob'`, [], { blob: new Blob([text]) })
    return
  }
  await pipeline(Readable.from([text]), target.client.query(copyFrom(`${statement} stdin`)))
}

export type CopyWriter = {
  write(rows: ReadonlyArray<ReadonlyArray<string | number | null>>): Promise<void>
  /** Lines already in COPY's text format, each ending in a line feed. */
  writeText(text: string): Promise<void>
  /** The same as UTF-8 bytes (the writer may keep the buffer until it is sent). */
  writeBytes(bytes: Buffer<ArrayBuffer>): Promise<void>
  end(): Promise<void>
}

/**
 * Rows for one table, written as they come: on PostgreSQL one `COPY … FROM STDIN` that stays open
 * (the database works on the rows while the caller reads the next ones); on PGlite a COPY per
 * write. Always end() it, also after a failure: the connection takes no other statement meanwhile.
 */
export function copyWriter(target: CopyTarget, table: string, columns: ReadonlyArray<string>): CopyWriter {
  if (target.kind === 'pglite')
    return {
      write: (rows) => (rows.length > 0 ? copyRows(target, table, columns, rows) : Promise.resolve()),
      writeText: (text) => (text.length > 0 ? copyTextInto(target, table, columns, text) : Promise.resolve()),
      writeBytes: (bytes) => (bytes.length > 0 ? copyTextInto(target, table, columns, bytes) : Promise.resolve()),
      end: async () => undefined,
    }
  const stream = target.client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`))
  let failure: unknown
  const done = new Promise<void>((resolve, reject) => {
    stream.once('finish', resolve)
    stream.once('error', (error) => {
      failure = error
      reject(error)
    })
  })
  done.catch(() => undefined) // reported by write() or end()
  const writeText = async (text: string | Buffer<ArrayBuffer>) => {
    if (failure) throw failure
    if (text.length === 0) return
    if (!stream.write(text)) await Promise.race([new Promise((resolve) => stream.once('drain', resolve)), done])
  }
  return {
    write: (rows) => writeText(rows.length === 0 ? '' : copyLines(rows)),
    writeText,
    writeBytes: writeText,
    async end() {
      stream.end()
      await done
    },
  }
}
