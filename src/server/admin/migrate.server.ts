import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../db/types'
import { AdminFailure, parseOptions, type AdminCommand } from './command.server'

// `migrate`: the migrations only, and which ones it applied. Drizzle's migrator applies every
// migration of the folder's journal newer than the newest one the database recorded
// (drizzle.__drizzle_migrations.created_at is the journal's `when`), so the same comparison
// before and after tells what it did.
const journal = z.object({ entries: z.array(z.object({ tag: z.string(), when: z.number() })) })
const tableRow = z.object({ rows: z.array(z.object({ present: z.boolean() })) })
const lastRow = z.object({ rows: z.array(z.object({ last: z.coerce.number().nullable() })) })

type Migration = { tag: string; when: number }

function migrationsOf(folder: string): Migration[] {
  return journal.parse(JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8'))).entries
}

/** The `when` of the newest migration the database has; null for a database never migrated. */
async function lastApplied(db: Db): Promise<number | null> {
  const [table] = tableRow.parse(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`)).rows
  if (!table?.present) return null
  const [row] = lastRow.parse(await db.execute(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`)).rows
  return row?.last ?? null
}

export async function pendingMigrations(db: Db, folder: string): Promise<Migration[]> {
  const last = await lastApplied(db)
  return migrationsOf(folder).filter((migration) => last === null || migration.when > last)
}

/** The other commands change data, not the schema: they refuse a database this version has not migrated. */
export async function requireMigrated(db: Db, folder: string): Promise<void> {
  const pending = await pendingMigrations(db, folder)
  if (pending.length === 0) return
  throw new AdminFailure(
    `The database lacks ${pending.length} migration(s) of this version (${pending.map((migration) => migration.tag).join(', ')}). Run \`npm run admin -- migrate\` first.`,
  )
}

export const migrateCommand: AdminCommand = {
  name: 'migrate',
  usage: 'migrate',
  help: `Applies the migrations in MIGRATIONS_DIR that the database has not had yet, and lists them.
No demo data, no other change. Run it before starting servers of a new version on a shared
PostgreSQL (DATABASE_URL); the servers also migrate at start, one after the other.
The embedded database applies its migrations as it opens, so there this reports the state.

Example:
  npm run admin -- migrate`,
  async run(args, context) {
    parseOptions(args, {}, z.object({}))
    const { migrationsFolder, embedded } = context.settings()
    const all = migrationsOf(migrationsFolder)
    const applied = await context.withDatabase(async (database) => {
      const pending = await pendingMigrations(database.db, migrationsFolder)
      await database.migrate(migrationsFolder)
      const left = await pendingMigrations(database.db, migrationsFolder)
      return pending.filter((migration) => !left.some((still) => still.tag === migration.tag))
    })
    const latest = all.at(-1)?.tag ?? '(none)'
    if (applied.length === 0) {
      context.out(`Nothing to apply: the database is at ${latest} (${all.length} migrations).`)
      if (embedded) context.out('(The embedded database applies its migrations as it opens.)')
      return
    }
    context.out(`Applied ${applied.length} migration(s):`)
    for (const migration of applied) context.out(`  ${migration.tag}`)
    context.out(`The database is at ${latest}.`)
  },
}
