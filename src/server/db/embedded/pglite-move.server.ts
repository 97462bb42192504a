import { existsSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { z } from 'zod'
import { openDatabase } from '../client.server'
import { pgliteClientOf, type PgliteClient } from '../copy.server'
import { notice } from '../../ops/notice.server'

// Earlier versions kept the embedded database in DATA_DIR/pglite (PGlite, in-process). Its
// files are not readable by a native PostgreSQL, so the first start of this version copies
// every table into the new server — in one transaction, marked on the database itself, so a
// kill midway leaves nothing half-moved and the next start simply does it again — and then sets
// the old folder aside (renamed, not deleted). Decision 032.
export type MoveOutcome = { moved: false } | { moved: true; rows: number; tables: number; keptAs: string; ms: number }

const MARK = 'moved from PGlite'

export async function moveFromPglite(dataDir: string, connection: pg.PoolConfig, migrationsFolder: string): Promise<MoveOutcome> {
  const folder = join(dataDir, 'pglite')
  if (!existsSync(join(folder, 'PG_VERSION'))) return { moved: false }
  const target = new pg.Client(connection)
  await target.connect()
  try {
    if (await isMarked(target)) return { moved: true, rows: 0, tables: 0, keptAs: setAside(folder), ms: 0 }
    if (await hasUsers(target)) {
      notice({ level: 'warn', part: 'db', message: `${folder} (an older embedded database) is left alone: the embedded PostgreSQL already holds data.` })
      return { moved: false }
    }
    notice({ level: 'info', part: 'db', message: `moving the embedded database from PGlite (${folder}) to PostgreSQL …` })
    const began = Date.now()
    const copied = await copyEverything(folder, target, migrationsFolder)
    return { moved: true, ...copied, keptAs: setAside(folder), ms: Date.now() - began }
  } finally {
    await target.end()
  }
}

async function copyEverything(folder: string, target: pg.Client, migrationsFolder: string): Promise<{ rows: number; tables: number }> {
  const source = await openDatabase({ dataDir: folder })
  try {
    // Both at the same schema version: the old folder gets the migrations it has not seen yet.
    await source.migrate(migrationsFolder)
    const client = pgliteClientOf(source.db)
    if (!client) throw new Error('the old embedded database did not open as PGlite')
    const tables = await tablesOf(target)
    let rows = 0
    await target.query('begin')
    try {
      // Every table arrives whole; foreign keys hold in the source already.
      await target.query('set local session_replication_role = replica')
      if (tables.length > 0) await target.query(`truncate ${tables.map(quote).join(', ')}`)
      for (const table of tables) rows += await copyTable(client, target, table)
      await resetSequences(target)
      await target.query(`comment on database ${quote(await currentDatabase(target))} is '${MARK}'`)
      await target.query('commit')
    } catch (error) {
      await target.query('rollback').catch(() => undefined)
      throw error
    }
    return { rows, tables: tables.length }
  } finally {
    await source.close()
  }
}

async function copyTable(source: PgliteClient, target: pg.Client, table: string): Promise<number> {
  const columns = z
    .array(z.object({ name: z.string() }))
    .parse(
      (
        await target.query(
          `select column_name as name from information_schema.columns
            where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
          [table],
        )
      ).rows,
    )
    .map((column) => quote(column.name))
  const list = columns.join(', ')
  const out = await source.query(`copy (select ${list} from ${quote(table)}) to '/dev/blob'`)
  if (!out.blob) return 0
  const into = target.query(copyFrom(`copy ${quote(table)} (${list}) from stdin`))
  await pipeline(Readable.from(out.blob.stream()), into)
  return into.rowCount ?? 0
}

async function tablesOf(client: pg.Client): Promise<string[]> {
  const result = await client.query(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )
  return z
    .array(z.object({ name: z.string() }))
    .parse(result.rows)
    .map((row) => row.name)
}

/** serial columns continue after the highest id copied. */
async function resetSequences(client: pg.Client): Promise<void> {
  const result = await client.query(`
    select quote_ident(c.relname) as tbl, quote_ident(a.attname) as col, pg_get_serial_sequence(quote_ident(c.relname), a.attname) as seq
      from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid
     where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
       and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null`)
  for (const row of z.array(z.object({ tbl: z.string(), col: z.string(), seq: z.string() })).parse(result.rows)) {
    await client.query(`select setval($1, coalesce((select max(${row.col}) from ${row.tbl}), 0) + 1, false)`, [row.seq])
  }
}

async function isMarked(client: pg.Client): Promise<boolean> {
  const result = await client.query(`select shobj_description(oid, 'pg_database') as mark from pg_database where datname = current_database()`)
  return z.array(z.object({ mark: z.string().nullable() })).parse(result.rows)[0]?.mark === MARK
}

async function hasUsers(client: pg.Client): Promise<boolean> {
  const result = await client.query(`select exists (select 1 from users) as any`)
  return z.array(z.object({ any: z.boolean() })).parse(result.rows)[0]?.any === true
}

async function currentDatabase(client: pg.Client): Promise<string> {
  return z.array(z.object({ name: z.string() })).parse((await client.query('select current_database() as name')).rows)[0]!.name
}

function setAside(folder: string): string {
  const dated = `${folder}.moved-${new Date().toISOString().slice(0, 10)}`
  const keptAs = existsSync(dated) ? `${dated}-${Date.now()}` : dated
  renameSync(folder, keptAs)
  return keptAs
}

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}
