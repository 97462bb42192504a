import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { TestDatabase } from './database'

/**
 * Every table's content as a digest, to show that a refused request changed nothing. Failed
 * logins are counted on purpose and left out.
 */
export async function databaseSnapshot(database: TestDatabase): Promise<Record<string, string>> {
  const tables = z
    .object({ rows: z.array(z.object({ name: z.string() })) })
    .parse(
      await database.db.execute(
        sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      ),
    )
  const result: Record<string, string> = {}
  for (const { name } of tables.rows) {
    // Counters of refusals and the activity trail record calls, not data: a call that changes
    // nothing may still be counted or recorded (decisions 006, 053). Sessions record sign-ins and
    // sign-outs: a call without input (signing out) ends one by its very meaning (decision 056).
    if (name === 'login_attempts' || name === 'activity' || name === 'user_sessions') continue
    const digest = z
      .object({ rows: z.array(z.object({ digest: z.string().nullable() })) })
      .parse(await database.db.execute(sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.identifier(name)} t`))
    result[name] = digest.rows[0]?.digest ?? ''
  }
  return result
}
