import { PGlite, messages as protocol } from '@electric-sql/pglite'
import { sql, type SQL } from 'drizzle-orm'
import pg from 'pg'
import { rowsOf } from './rows.server'
import type { Db } from './types'

// Reads that run on (nearly) every API request — the caller behind a token, a company's row —
// in one round trip with the plan kept: a named prepared statement that answers one JSON
// column. Through PGlite's query() a statement costs six calls into the database (parse,
// describe, bind, describe, execute, sync) and a new plan; here it is one call with bind,
// execute and sync together, and the plan is the database's cached one (decision 024).
// PostgreSQL (`pg`) gets the same: a named statement, prepared once per connection.
// Anything else runs the same text through Drizzle — a transaction handed in, above all: it has
// no $client, and must not wait for the lock its own transaction holds.
export type HotRead = {
  /** Unique per text: the prepared statement's name. */
  name: string
  /** One statement with $1…$n, answering at most one row of one column: a json object. */
  text: string
}

export type HotParam = string | number | null

/** The JSON value of the first row, or undefined without a row. */
export async function hotRead(db: Db, read: HotRead, params: ReadonlyArray<HotParam>): Promise<unknown> {
  // A transaction has no $client; a database has its driver's client there.
  const client: unknown = '$client' in db ? db.$client : undefined
  if (client instanceof PGlite) return pgliteRead(client, read, params)
  if (client instanceof pg.Pool) {
    const result = await client.query<Record<string, unknown>>({ name: read.name, text: read.text, values: [...params] })
    return firstValue(result.rows[0])
  }
  return firstValue(rowsOf(await db.execute(asDrizzle(read.text, params)))[0])
}

function firstValue(row: unknown): unknown {
  if (typeof row !== 'object' || row === null) return undefined
  const value = Object.values(row)[0]
  return typeof value === 'string' ? JSON.parse(value) : value
}

function asDrizzle(text: string, params: ReadonlyArray<HotParam>): SQL {
  const chunks: SQL[] = []
  const parts = text.split(/\$(\d+)/)
  parts.forEach((part, index) => chunks.push(index % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`))
  return sql.join(chunks)
}

// The statements prepared in one PGlite session, kept on the client itself: the bundle may
// hold two copies of this module (decision 022), and both talk to the one client.
const PREPARED = Symbol.for('portal.hotRead.prepared')

/** The names prepared on `client`, read back from it (checked, not cast). */
function preparedOn(client: PGlite): Set<string> {
  const kept: unknown = Reflect.get(client, PREPARED)
  if (kept instanceof Set) return kept
  const fresh = new Set<string>()
  Reflect.set(client, PREPARED, fresh)
  return fresh
}

async function pgliteRead(client: PGlite, read: HotRead, params: ReadonlyArray<HotParam>): Promise<unknown> {
  // The same locks as PGlite's own query(): never inside another caller's open transaction.
  return client._runExclusiveTransaction(() =>
    client.runExclusive(async () => {
      const prepared = preparedOn(client)
      if (!prepared.has(read.name)) {
        await client.execProtocol(join([parseMessage(read.name, read.text), SYNC]))
        prepared.add(read.name)
      }
      const { messages } = await client.execProtocol(join([bindMessage(read.name, params), EXECUTE, SYNC]))
      for (const message of messages) {
        if (message instanceof protocol.DataRowMessage) {
          const field = message.fields[0]
          return field === null || field === undefined ? null : JSON.parse(field)
        }
      }
      return undefined
    }),
  )
}

// The few frontend messages of PostgreSQL's wire protocol this needs (protocol 3.0).
const encoder = new TextEncoder()

function message(code: string, body: ReadonlyArray<Uint8Array>): Uint8Array {
  const length = body.reduce((sum, part) => sum + part.length, 0)
  const out = new Uint8Array(5 + length)
  out[0] = code.charCodeAt(0)
  new DataView(out.buffer).setInt32(1, 4 + length)
  let offset = 5
  for (const part of body) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

function cString(text: string): Uint8Array {
  const bytes = encoder.encode(text)
  if (bytes.includes(0)) throw new Error('a NUL byte cannot be sent in a protocol string')
  return join([bytes, new Uint8Array([0])])
}

function int16(value: number): Uint8Array {
  const out = new Uint8Array(2)
  new DataView(out.buffer).setInt16(0, value)
  return out
}

function int32(value: number): Uint8Array {
  const out = new Uint8Array(4)
  new DataView(out.buffer).setInt32(0, value)
  return out
}

function join(parts: ReadonlyArray<Uint8Array>): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/** Parse: a named statement, parameter types left to the server. */
function parseMessage(name: string, text: string): Uint8Array {
  return message('P', [cString(name), cString(text), int16(0)])
}

/** Bind the unnamed portal to the statement, every parameter and result as text. */
function bindMessage(statement: string, params: ReadonlyArray<HotParam>): Uint8Array {
  const values = params.map((param) => {
    if (param === null) return int32(-1)
    const bytes = encoder.encode(String(param))
    return join([int32(bytes.length), bytes])
  })
  return message('B', [cString(''), cString(statement), int16(0), int16(params.length), ...values, int16(0)])
}

const EXECUTE = message('E', [cString(''), int32(0)])
const SYNC = message('S', [])
