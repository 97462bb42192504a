import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'

// What a backup archive of the embedded database holds (decision 042), shared by the backup
// and the restore:
//   portal-backup.json   the manifest (first entry)
//   postgres/…           the data folder as PostgreSQL's online backup API wants it: the files,
//                        backup_label from pg_backup_stop, and pg_wal/ with the WAL the backup needs
//   <name>, <name>/…     the rest of DATA_DIR worth keeping (jwt-secret, mailbox/, …), by top-level name
export const MANIFEST_NAME = 'portal-backup.json'
export const PGDATA_NAME = 'postgres'
export const ARCHIVE_FORMAT = 1

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  portalVersion: z.string(),
  postgresMajor: z.number().int().positive(),
  createdAt: z.iso.datetime(),
  label: z.string(),
  /** Tags of the migrations applied when the backup was made (oldest first). */
  migrations: z.array(z.string()),
  /** Top-level names of DATA_DIR, besides postgres/, that the archive holds. */
  extras: z.array(z.string()),
})
export type Manifest = z.infer<typeof manifestSchema>

/**
 * DATA_DIR's own entries never carried over: the lock of the running process, upload files in
 * flight, the database log, folders the embedded start or a restore set aside, a half initdb.
 * Everything else the portal keeps there (jwt-secret, jwt-secret.previous, mailbox/, what a
 * later version adds) goes into the backup.
 */
const NOT_KEPT = [/^server\.pid$/, /^spool$/, /^postgres(\.init|\.log(\.\d+)?)?$/, /^pglite(\.moved-.*)?$/, /\.before-restore-/, /^\.restore-/, /^backups$/]

export function isKeptInDataDir(name: string): boolean {
  return !NOT_KEPT.some((pattern) => pattern.test(name))
}

const journalSchema = z.object({ entries: z.array(z.object({ tag: z.string(), when: z.number() })) })

/** The migrations this portal knows, from drizzle's journal in the migrations folder. */
export function knownMigrations(migrationsFolder: string): Array<{ tag: string; when: number }> {
  return journalSchema.parse(JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'))).entries
}

/** 2026-11-26T21:36:00.123Z → 20261126T213600Z: a name part that sorts by time. */
export function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(/[-:]/g, '')
}
