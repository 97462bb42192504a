import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statfsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { extract } from 'tar'
import { ArchiveRefused, type ArchiveSummary } from './archive-check.server'
import { MANIFEST_NAME, PGDATA_NAME, stamp } from './backup-layout.server'

// Writes a checked backup archive into a data folder (decision 042). The caller holds the
// folder (data-dir-lock) and has made sure no server runs on it. Extracted into a side folder
// in the target first, then renamed into place, so a failure midway leaves the target as it was;
// what the archive replaces is set aside as `<name>.before-restore-<UTC time>`, never deleted.
// The data folder keeps its backup_label: the next start of the portal replays the backup's WAL.
// Made by root, it is given to the database's account at that start (server.server.ts ownTree).
export type RestoreResult = { restored: string[]; setAside: string[] }

const SIDE_PREFIX = '.restore-'

/** What the archive would replace in `dataDir`: postgres/ and the other names it holds. */
export function replacedBy(summary: ArchiveSummary, dataDir: string): string[] {
  return [PGDATA_NAME, ...summary.manifest.extras].filter((name) => existsSync(join(dataDir, name)))
}

export async function restoreArchive(file: string, summary: ArchiveSummary, options: { dataDir: string; force: boolean; now: Date }): Promise<RestoreResult> {
  const dataDir = resolve(options.dataDir)
  const existing = replacedBy(summary, dataDir)
  if (existing.length > 0 && !options.force) {
    throw new ArchiveRefused(`${dataDir} already holds ${existing.join(', ')}; give --force to set them aside (renamed, not deleted) and restore.`)
  }
  mkdirSync(dataDir, { recursive: true })
  const free = statfsSync(dataDir)
  // Room for the files and the WAL the first start writes while it recovers.
  if (free.bavail * free.bsize < summary.bytes * 1.1) {
    throw new ArchiveRefused(`${dataDir} has ${mb(free.bavail * free.bsize)} free; the backup needs ${mb(summary.bytes)}.`)
  }
  // Side folders of a restore that was interrupted (Ctrl+C): only a restore makes them, and this
  // one holds the folder's lock.
  for (const name of readdirSync(dataDir)) if (name.startsWith(SIDE_PREFIX)) rmSync(join(dataDir, name), { recursive: true, force: true })
  const suffix = stamp(options.now)
  const side = join(dataDir, `${SIDE_PREFIX}${suffix}`)
  mkdirSync(side, { mode: 0o700 })
  try {
    // Checked entry by entry beforehand; node-tar's own guards (no `..`, no absolute paths,
    // nothing through a link) stay on. Owners are not taken from the archive.
    await extract({ file, cwd: side, strict: true, preserveOwner: false, filter: (path) => path !== MANIFEST_NAME })
    // PostgreSQL refuses a data folder that others may enter.
    chmodSync(join(side, PGDATA_NAME), 0o700)
    const setAside: string[] = []
    for (const name of existing) {
      const aside = freeName(dataDir, `${name}.before-restore-${suffix}`)
      renameSync(join(dataDir, name), join(dataDir, aside))
      setAside.push(aside)
    }
    const restored = [PGDATA_NAME, ...summary.manifest.extras].filter((name) => existsSync(join(side, name)))
    for (const name of restored) renameSync(join(side, name), join(dataDir, name))
    return { restored, setAside }
  } finally {
    rmSync(side, { recursive: true, force: true })
  }
}

/** `name`, or `name-2`, `name-3`…: a rename never replaces what an earlier restore set aside. */
function freeName(folder: string, name: string): string {
  let candidate = name
  for (let n = 2; existsSync(join(folder, candidate)); n += 1) candidate = `${name}-${n}`
  return candidate
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
