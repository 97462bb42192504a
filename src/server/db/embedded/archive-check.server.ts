import { list, type ReadEntry } from 'tar'
import { MANIFEST_NAME, PGDATA_NAME, isKeptInDataDir, manifestSchema, type Manifest } from './backup-layout.server'

// Everything a restore checks in an archive before it writes a byte (decision 042): that it is a
// portal backup (manifest, backup_label, pg_control), that the installed PostgreSQL can run it,
// that this portal knows its migrations, and that every entry stays inside the target: plain
// files and folders under a relative path without `..` — no links, no devices, no absolute paths.
export class ArchiveRefused extends Error {}

export type ArchiveSummary = { manifest: Manifest; entries: number; bytes: number }

const SMALL = 64 * 1024
const READ_WHOLE = new Set([MANIFEST_NAME, `${PGDATA_NAME}/PG_VERSION`])
const REQUIRED = [`${PGDATA_NAME}/PG_VERSION`, `${PGDATA_NAME}/backup_label`, `${PGDATA_NAME}/global/pg_control`]

export async function checkArchive(file: string, installed: { major: number; migrations: ReadonlyArray<string> }): Promise<ArchiveSummary> {
  const small = new Map<string, string>()
  const paths = new Set<string>()
  const problems: string[] = []
  let bytes = 0
  try {
    await list({
      file,
      strict: true,
      onReadEntry: (entry: ReadEntry) => {
        const problem = unsafeEntry(entry)
        if (problem) problems.push(`${JSON.stringify(entry.path)}: ${problem}`)
        const path = entry.path.replace(/\/$/, '')
        paths.add(path)
        bytes += entry.size
        if (READ_WHOLE.has(path) && entry.size <= SMALL) {
          let text = ''
          entry.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
          entry.on('end', () => small.set(path, text))
        }
      },
    })
  } catch (error) {
    throw new ArchiveRefused(`${file} is not a readable backup archive: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (problems.length > 0) throw new ArchiveRefused(`${file} has entries a restore does not write:\n  ${problems.slice(0, 10).join('\n  ')}`)
  const manifestText = small.get(MANIFEST_NAME)
  if (manifestText === undefined) throw new ArchiveRefused(`${file} is not a portal backup (it has no ${MANIFEST_NAME})`)
  const manifest = parseManifest(manifestText)
  const missing = REQUIRED.filter((path) => !paths.has(path))
  if (missing.length > 0) throw new ArchiveRefused(`${file} is incomplete: it lacks ${missing.join(', ')}`)
  const strayTop = [...paths]
    .map((path) => path.split('/')[0] ?? '')
    .filter((top) => top !== MANIFEST_NAME && top !== PGDATA_NAME && !manifest.extras.includes(top))
  if (strayTop.length > 0) throw new ArchiveRefused(`${file} holds ${[...new Set(strayTop)].join(', ')}, which its manifest does not list`)
  const badExtras = manifest.extras.filter((name) => name.includes('/') || name === '..' || name === '.' || !isKeptInDataDir(name))
  if (badExtras.length > 0) throw new ArchiveRefused(`${file} would write ${badExtras.join(', ')} into the data folder, which a restore never does`)

  const made = Number(small.get(`${PGDATA_NAME}/PG_VERSION`)?.trim())
  if (made !== manifest.postgresMajor || made !== installed.major) {
    throw new ArchiveRefused(
      `${file} holds a PostgreSQL ${Number.isFinite(made) ? made : '?'} database; this portal runs PostgreSQL ${installed.major}. ` +
        `Restore it with portal version ${manifest.portalVersion}, then move the data over with pg_dump/pg_restore (docs/operations/backup.md).`,
    )
  }
  const unknown = manifest.migrations.filter((tag) => !installed.migrations.includes(tag))
  if (unknown.length > 0) {
    throw new ArchiveRefused(
      `${file} was made by portal version ${manifest.portalVersion}, whose database has migrations this portal does not know (${unknown.join(', ')}). ` +
        'Update the portal to that version or newer, then restore.',
    )
  }
  return { manifest, entries: paths.size, bytes }
}

function parseManifest(text: string): Manifest {
  try {
    return manifestSchema.parse(JSON.parse(text))
  } catch (error) {
    throw new ArchiveRefused(`the archive's ${MANIFEST_NAME} is not one this portal reads: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** Why an entry may not be written, or undefined when it may. */
export function unsafeEntry(entry: { path: string; type: string }): string | undefined {
  if (entry.type !== 'File' && entry.type !== 'OldFile' && entry.type !== 'Directory') return `a ${entry.type} entry (only files and folders are restored)`
  const path = entry.path
  if (path === '' || path.includes('\0') || path.includes('\\')) return 'not a plain relative path'
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'an absolute path'
  const parts = (entry.type === 'Directory' ? path.replace(/\/$/, '') : path).split('/')
  if (parts.includes('..')) return 'a path that leaves the target folder (..)'
  if (parts.some((part) => part === '' || part === '.')) return 'not a plain relative path'
  return undefined
}
