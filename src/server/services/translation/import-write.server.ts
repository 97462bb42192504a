import { setImmediate as nextTurn } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { ImportData } from '../../../contract/translation'
import { copyRows, copyTargetOf } from '../../db/copy.server'
import { allowLongJob } from '../../db/bounds.server'
import type { Db } from '../../db/types'
import { authorNameSql } from './history-write.server'
import type { ParsedText } from './vartext-xml.server'

// The XML import's one transaction (docs/decisions/013), set-based: the file's texts and
// values are COPYed into two staging tables, compared with what is stored and written by a
// few statements inside the database. 100,000 texts cost seconds in the database instead of
// hundreds of statements built one by one on the thread that answers requests (decision 033).
const TEXT_COLUMNS = ['key', 'description', 'tags', 'master'] as const
const VALUE_COLUMNS = ['key', 'language_code', 'value'] as const
const COPY_TEXTS = 5_000

const counts = z.object({ new: z.coerce.number(), changed: z.coerce.number(), unchanged: z.coerce.number() })
const oneRow = z.object({ rows: z.array(counts).length(1) })

/** Writes the parsed texts in one transaction; answers what was new, changed and unchanged. */
export async function importVartexts(db: Db, parsed: ReadonlyArray<ParsedText>, userId: number, nowMs: number): Promise<ImportData> {
  const at = new Date(nowMs).toISOString()
  return db.transaction(async (tx) => {
    // A large XML file is a long job (decision 050).
    await allowLongJob(tx)
    // Tags never hold a comma (the attribute is split on them), so they travel joined.
    await tx.execute(sql`create temp table import_texts (key text primary key, description text, tags text not null, master text not null) on commit drop`)
    await tx.execute(sql`create temp table import_values (key text not null, language_code text not null, value text not null) on commit drop`)
    await stage(tx, 'import_texts', TEXT_COLUMNS, parsed, (text) => [[text.key, text.desc, text.tags.join(','), text.master ?? '']])
    await stage(tx, 'import_values', VALUE_COLUMNS, parsed, (text) => [
      [text.key, 'master', text.master ?? ''],
      ...[...text.translations].map(([code, value]) => [text.key, code, value]),
    ])
    // Each text with what is stored: a master text counts only when it is not empty.
    await tx.execute(sql`
      create temp table import_state on commit drop as
      select i.key, t.id, i.description, string_to_array(i.tags, ',') as tags, i.master,
             t.id is null as is_new,
             t.id is not null and (
               m.value is distinct from i.master or t.description is distinct from i.description
               or array_to_string(t.tags, ',') <> i.tags
             ) as is_changed,
             t.id is not null and m.value is distinct from i.master as master_changed
        from import_texts i
        left join texts t on t.kind = 'vartext' and t.key = i.key
        left join translations m on m.text_id = t.id and m.language_code = 'master' and m.value <> ''`)
    const texts = oneRow.parse(
      await tx.execute(sql`
        select count(*) filter (where is_new) as new, count(*) filter (where is_changed) as changed,
               count(*) filter (where not is_new and not is_changed) as unchanged
          from import_state`),
    ).rows[0]!
    await tx.execute(sql`
      insert into texts (kind, key, description, tags, updated_at)
      select 'vartext', key, description, tags, ${at}::timestamptz from import_state where is_new`)
    // A changed master text raises the revision, so translations of the old one show as stale.
    await tx.execute(sql`
      update texts t
         set description = s.description, tags = s.tags, updated_at = ${at}::timestamptz,
             revision = t.revision + case when s.master_changed then 1 else 0 end
        from import_state s
       where s.is_changed and t.id = s.id`)
    await tx.execute(sql`
      create temp table import_written on commit drop as
      select t.id as text_id, v.language_code, v.value, t.revision,
             (select b.value from translations b where b.text_id = t.id and b.language_code = v.language_code and b.value <> '') as before
        from import_values v
        join texts t on t.kind = 'vartext' and t.key = v.key`)
    const translations = oneRow.parse(
      await tx.execute(sql`
        select count(*) filter (where before is null) as new,
               count(*) filter (where before is not null and before <> value) as changed,
               count(*) filter (where before = value) as unchanged
          from import_written`),
    ).rows[0]!
    // Every value the file changes, the master text's too, goes into the history (decision 038).
    await tx.execute(sql`
      insert into translation_history (text_id, language_code, before, after, revision, by_user_id, by_username, by_name, at)
      select w.text_id, w.language_code, w.before, w.value, w.revision, users.id, users.email, ${authorNameSql}, ${at}::timestamptz
        from import_written w left join users on users.id = ${userId}::int
       where w.before is distinct from w.value`)
    await tx.execute(sql`
      insert into translations (text_id, language_code, value, revision, updated_by_user_id, updated_at)
      select text_id, language_code, value, revision, ${userId}::int, ${at}::timestamptz
        from import_written where before is distinct from value
      on conflict (text_id, language_code) do update
        set value = excluded.value, revision = excluded.revision,
            updated_by_user_id = excluded.updated_by_user_id, updated_at = excluded.updated_at,
            review_state = 'translated', reviewed_by_user_id = null, reviewed_at = null`)
    return { texts, translations }
  })
}

type Row = ReadonlyArray<string | null>

/**
 * COPYs the rows of the parsed texts into a staging table a batch at a time, with a turn of the
 * event loop between batches: the rows of 100,000 texts made at once held the thread that
 * answers everyone's requests for ≈ 100 ms (decision 033).
 */
async function stage(
  tx: Db,
  table: string,
  columns: ReadonlyArray<string>,
  parsed: ReadonlyArray<ParsedText>,
  rowsOf: (text: ParsedText) => Row[],
): Promise<void> {
  const target = copyTargetOf(tx)
  for (let start = 0; start < parsed.length; start += COPY_TEXTS) {
    if (start > 0) await nextTurn()
    const batch = parsed.slice(start, start + COPY_TEXTS).flatMap(rowsOf)
    if (target) {
      await copyRows(target, table, columns, batch)
      continue
    }
    const records = batch.map((row) => Object.fromEntries(columns.map((column, index) => [column, row[index]])))
    const definitions = sql.raw(columns.map((column) => `${column} text`).join(', '))
    const names = sql.raw(columns.join(', '))
    await tx.execute(
      sql`insert into ${sql.raw(table)} (${names}) select ${names} from json_to_recordset(${JSON.stringify(records)}::json) as r(${definitions})`,
    )
  }
}
