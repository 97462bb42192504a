import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../src/server/db/types'

// Which tables a call wrote to: a row trigger on every table of the test's database notes each
// inserted, updated or deleted row (and a statement trigger each truncate) in a table of its
// own. A refused call must leave it empty — except the throttle counters, which count refusals
// by design (decision 006), and the activity trail, which records refused sign-ins (decision
// 053). Exact where a checksum is only likely, and cheap enough per call.
export const WRITTEN_ON_REFUSAL = new Set(['login_attempts', 'activity'])

export async function watchWrites(db: Db): Promise<void> {
  await db.execute(sql`create table if not exists fuzz_writes (tbl text not null, op text not null)`)
  await db.execute(sql`
    create or replace function fuzz_note_write() returns trigger language plpgsql as $$
    begin
      insert into fuzz_writes (tbl, op) values (tg_table_name, tg_op);
      return null;
    end $$`)
  const tables = z
    .object({ rows: z.array(z.object({ name: z.string() })) })
    .parse(await db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'fuzz_writes'`)).rows
  for (const { name } of tables) {
    await db.execute(sql.raw(`create trigger fuzz_rows after insert or update or delete on "${name}" for each row execute function fuzz_note_write()`))
    await db.execute(sql.raw(`create trigger fuzz_truncate after truncate on "${name}" for each statement execute function fuzz_note_write()`))
  }
}

/** The tables written since the last call (and forgets them): `table op` entries. */
export async function takeWrites(db: Db): Promise<string[]> {
  const result = await db.execute(sql`delete from fuzz_writes returning tbl, op`)
  const rows = z.object({ rows: z.array(z.object({ tbl: z.string(), op: z.string() })) }).parse(result).rows
  return [...new Set(rows.map((row) => `${row.tbl} ${row.op}`))]
}

/** A checksum of every table's rows (apart from the watch's own and the counters of refusals). */
export async function checksum(db: Db): Promise<string> {
  const tables = z
    .object({ rows: z.array(z.object({ name: z.string() })) })
    .parse(await db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'fuzz_writes' order by 1`)).rows
  const parts: string[] = []
  for (const { name } of tables.filter((table) => !WRITTEN_ON_REFUSAL.has(table.name))) {
    const result = await db.execute(sql.raw(`select '${name}:' || count(*) || ':' || coalesce(sum(hashtext(t::text)::bigint), 0) as sum from "${name}" t`))
    parts.push(z.object({ rows: z.array(z.object({ sum: z.string() })) }).parse(result).rows[0]?.sum ?? '')
  }
  return parts.join(' ')
}
