import { lstatSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import pg from 'pg'
import { z } from 'zod'
import { ARCHIVE_FORMAT, MANIFEST_NAME, PGDATA_NAME, isKeptInDataDir, knownMigrations, stamp, type Manifest } from './backup-layout.server'
import { copyDataFolder, copyWal, tablespaceLinks } from './backup-files.server'
import { TarWriter } from './tar-writer.server'

// An online backup of the running embedded database with PostgreSQL's low-level base-backup API,
// over one session (decision 042): a temporary replication slot keeps every WAL segment the
// backup needs from being recycled, pg_backup_start, the files copied while the portal writes,
// pg_backup_stop → backup_label, then the WAL up to the backup's end. The first start on the
// restored folder replays that WAL and so turns the fuzzy copy into one consistent moment.
export type BackupOptions = {
  dataDir: string
  pgdata: string
  connection: pg.ClientConfig
  /** The archive to write; made as `<out>.partial` and renamed when complete. */
  out: string
  migrationsFolder: string
  portalVersion: string
  /** gzip level, 1 (fastest) to 9. */
  level?: number
}

export type BackupResult = {
  file: string
  bytes: number
  ms: number
  manifest: Manifest
  dataFiles: number
  dataBytes: number
  walSegments: number
  stopLsn: string
}

const stopRow = z.object({ lsn: z.string(), labelfile: z.string(), spcmapfile: z.string().nullable() })
const textRow = z.object({ value: z.string() })

export async function backupEmbeddedDatabase(options: BackupOptions): Promise<BackupResult> {
  const began = Date.now()
  const out = resolve(options.out)
  const partial = `${out}.partial`
  const createdAt = new Date()
  const label = `portal backup ${stamp(createdAt)}`
  const client = new pg.Client({ ...options.connection, application_name: 'portal-backup' })
  await client.connect()
  let writer: TarWriter | undefined
  try {
    const value = async (text: string, values: unknown[] = []) => textRow.parse((await client.query(text, values)).rows[0]).value
    const links = tablespaceLinks(options.pgdata)
    if (links.length > 0) throw new Error(`the data folder has tablespaces (${links.join(', ')}), which this backup does not cover`)
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      portalVersion: options.portalVersion,
      postgresMajor: Math.floor(Number(await value("select current_setting('server_version_num') as value")) / 10_000),
      createdAt: createdAt.toISOString(),
      label,
      migrations: await appliedMigrations(client, options.migrationsFolder),
      extras: readdirSync(options.dataDir).filter(isKeptInDataDir).sort(),
    }
    const segmentBytes = Number(await value("select setting as value from pg_settings where name = 'wal_segment_size'"))
    mkdirSync(dirname(out), { recursive: true })
    writer = await TarWriter.create(partial, options.level)
    await writer.content(MANIFEST_NAME, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), { mode: 0o600, mtime: createdAt })

    // Temporary: dropped with this session however it ends. Reserved now: WAL from the last
    // checkpoint on stays until the copy of pg_wal below is done.
    const slot = `portal_backup_${process.pid}`
    await client.query('select pg_create_physical_replication_slot($1, true, true)', [slot])
    await client.query('select pg_backup_start($1, true)', [label])
    const copied = await copyDataFolder(writer, options.pgdata, PGDATA_NAME)
    const stop = stopRow.parse((await client.query('select lsn::text as lsn, labelfile, spcmapfile from pg_backup_stop(false)')).rows[0])
    // Byte for byte, as the documentation asks: PostgreSQL reads them at the first start.
    await writer.content(`${PGDATA_NAME}/backup_label`, Buffer.from(stop.labelfile, 'utf8'), { mode: 0o600, mtime: new Date() })
    if (stop.spcmapfile) await writer.content(`${PGDATA_NAME}/tablespace_map`, Buffer.from(stop.spcmapfile, 'utf8'), { mode: 0o600, mtime: new Date() })
    const first = /^START WAL LOCATION: \S+ \(file ([0-9A-F]{24})\)$/m.exec(stop.labelfile)?.[1]
    if (!first) throw new Error(`pg_backup_stop returned a backup_label without its first WAL segment:\n${stop.labelfile}`)
    const last = await value('select pg_walfile_name($1::pg_lsn) as value', [stop.lsn])
    const walSegments = await copyWal(writer, options.pgdata, PGDATA_NAME, { first, last, segmentBytes })
    await client.query('select pg_drop_replication_slot($1)', [slot])

    for (const name of manifest.extras) await copyTree(writer, join(options.dataDir, name), name, [out, partial])
    await writer.finish()
    renameSync(partial, out)
    return {
      file: out,
      bytes: lstatSync(out).size,
      ms: Date.now() - began,
      manifest,
      dataFiles: copied.files,
      dataBytes: copied.bytes,
      walSegments,
      stopLsn: stop.lsn,
    }
  } catch (error) {
    await writer?.abort()
    rmSync(partial, { force: true })
    throw error
  } finally {
    // Ends the backup too if it failed midway (a backup started in a session ends with it).
    await client.end().catch(() => undefined)
  }
}

/** Tags of the applied migrations (drizzle's table records each one's journal time). */
async function appliedMigrations(client: pg.Client, migrationsFolder: string): Promise<string[]> {
  const exists = await client.query("select to_regclass('drizzle.__drizzle_migrations') is not null as found")
  if (!z.object({ found: z.boolean() }).parse(exists.rows[0]).found) return []
  const rows = z
    .array(z.object({ created_at: z.coerce.number() }))
    .parse((await client.query('select created_at from drizzle.__drizzle_migrations order by created_at')).rows)
  const tags = new Map(knownMigrations(migrationsFolder).map((entry) => [entry.when, entry.tag]))
  return rows.map((row) => tags.get(row.created_at) ?? `unknown-${row.created_at}`)
}

/** A file or folder of DATA_DIR: regular files and folders only (links are not followed out). */
async function copyTree(writer: TarWriter, path: string, name: string, skip: string[]): Promise<void> {
  if (skip.includes(resolve(path))) return
  const stat = lstatSync(path, { throwIfNoEntry: false })
  if (!stat) return
  if (stat.isFile()) {
    // A mail removed since it was listed is simply not in the backup.
    await writer.file(name, path, stat.size, { mode: stat.mode, mtime: stat.mtime }).catch((error: unknown) => {
      if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error
    })
  }
  if (!stat.isDirectory()) return
  await writer.directory(name, { mode: stat.mode, mtime: stat.mtime })
  for (const child of readdirSync(path).sort()) await copyTree(writer, join(path, child), `${name}/${child}`, skip)
}
