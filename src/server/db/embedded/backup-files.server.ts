import { lstatSync, readdirSync, readFileSync, statSync, type Stats } from 'node:fs'
import { join } from 'node:path'
import type { TarWriter } from './tar-writer.server'

// Which files of a running server's data folder go into a base backup, after PostgreSQL's
// documentation ("Backing Up the Data Directory") and what pg_basebackup leaves out (decision 042).

/** Top-level files about the running postmaster, an earlier backup, or the socket: never copied. */
const ROOT_FILES_LEFT_OUT = [
  /^postmaster\.(pid|opts)$/,
  /^backup_label(\.old)?$/,
  /^tablespace_map(\.old)?$/,
  /^backup_manifest$/,
  /^current_logfiles$/,
  /^postgresql\.auto\.conf\.tmp$/,
  /^\.s\.PGSQL\./,
]
/** Folders copied empty: rebuilt at start. pg_wal comes after pg_backup_stop (copyWal). */
const EMPTY_FOLDERS = new Set(['pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans'])
const WAL_FOLDER = 'pg_wal'
// Temporary files and relations, and the relation cache (rebuilt in recovery).
const LEFT_OUT_ANYWHERE = [/^pgsql_tmp/, /^pg_internal\.init/, /^t\d+_\d+(_(fsm|vm|init))?(\.\d+)?$/]
const CONTROL_FILE = 'global/pg_control'

export type Copied = { files: number; bytes: number }

/** Copies the data folder (its files change meanwhile: normal during an online backup); pg_control last, as pg_basebackup does. */
export async function copyDataFolder(writer: TarWriter, pgdata: string, prefix: string): Promise<Copied> {
  const copied: Copied = { files: 0, bytes: 0 }
  await copyFolder(writer, pgdata, '', prefix, copied)
  const control = stableRead(join(pgdata, CONTROL_FILE))
  await writer.content(`${prefix}/${CONTROL_FILE}`, control, { mode: 0o600, mtime: new Date() })
  copied.files += 1
  copied.bytes += control.length
  return copied
}

async function copyFolder(writer: TarWriter, root: string, relative: string, prefix: string, copied: Copied): Promise<void> {
  const folder = join(root, relative)
  const names = readdirOrNone(folder)
  for (const name of names.sort()) {
    const path = relative === '' ? name : `${relative}/${name}`
    if (relative === '' && (name === WAL_FOLDER || ROOT_FILES_LEFT_OUT.some((pattern) => pattern.test(name)))) continue
    if (LEFT_OUT_ANYWHERE.some((pattern) => pattern.test(name)) || path === CONTROL_FILE) continue
    const stat = statOrNone(join(root, path))
    if (!stat) continue // dropped meanwhile: replaying the WAL drops it too
    const meta = { mode: stat.mode, mtime: stat.mtime }
    if (stat.isDirectory()) {
      await writer.directory(`${prefix}/${path}`, meta)
      if (!(relative === '' && EMPTY_FOLDERS.has(name))) await copyFolder(writer, root, path, prefix, copied)
    } else if (stat.isFile()) {
      try {
        await writer.file(`${prefix}/${path}`, join(root, path), stat.size, meta)
      } catch (error) {
        if (isNotFound(error)) continue
        throw error
      }
      copied.files += 1
      copied.bytes += stat.size
    }
  }
}

/** The tablespaces' links: the portal makes none, and this backup does not follow links out of the folder. */
export function tablespaceLinks(pgdata: string): string[] {
  return readdirOrNone(join(pgdata, 'pg_tblspc'))
}

/**
 * The WAL from the segment the backup started in to the one holding its end (pg_backup_stop's
 * lsn), kept by the backup's replication slot; and the timeline history files.
 */
export async function copyWal(
  writer: TarWriter,
  pgdata: string,
  prefix: string,
  range: { first: string; last: string; segmentBytes: number },
): Promise<number> {
  const folder = join(pgdata, WAL_FOLDER)
  const perLogId = 0x1_0000_0000 / range.segmentBytes
  const number = (name: string) => parseInt(name.slice(8, 16), 16) * perLogId + parseInt(name.slice(16, 24), 16)
  const timeline = range.first.slice(0, 8)
  const names = readdirSync(folder)
  const segments = names.filter(
    (name) => /^[0-9A-F]{24}$/.test(name) && name.startsWith(timeline) && number(name) >= number(range.first) && number(name) <= number(range.last),
  )
  const wanted = number(range.last) - number(range.first) + 1
  if (segments.length !== wanted) {
    throw new Error(`the backup needs ${wanted} WAL segments from ${range.first} to ${range.last}; pg_wal holds ${segments.length} of them`)
  }
  const walStat = statSync(folder)
  await writer.directory(`${prefix}/${WAL_FOLDER}`, { mode: walStat.mode, mtime: walStat.mtime })
  for (const name of ['archive_status', 'summaries']) {
    const stat = statOrNone(join(folder, name))
    if (stat?.isDirectory()) await writer.directory(`${prefix}/${WAL_FOLDER}/${name}`, { mode: stat.mode, mtime: stat.mtime })
  }
  for (const name of [...names.filter((name) => /^[0-9A-F]{8}\.history$/.test(name)), ...segments.sort()]) {
    const stat = statSync(join(folder, name))
    await writer.file(`${prefix}/${WAL_FOLDER}/${name}`, join(folder, name), stat.size, { mode: stat.mode, mtime: stat.mtime })
  }
  return segments.length
}

/** pg_control is rewritten in place at each checkpoint: read it until two reads agree, so no torn copy is kept. */
function stableRead(path: string): Buffer {
  let previous = readFileSync(path)
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const again = readFileSync(path)
    if (again.equals(previous)) return again
    previous = again
  }
  throw new Error(`${path} kept changing while it was read`)
}

function readdirOrNone(folder: string): string[] {
  try {
    return readdirSync(folder)
  } catch (error) {
    if (isNotFound(error)) return []
    throw error
  }
}

/** lstat: a link is neither file nor folder here, so nothing outside the data folder is read. */
function statOrNone(path: string): Stats | undefined {
  return lstatSync(path, { throwIfNoEntry: false })
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT'
}
