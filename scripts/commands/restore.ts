// npm run restore -- --from FILE [--data-dir DIR] [--force] (npm run admin -- restore): a backup
// of the embedded database written into a data folder no process uses (decision 042).
import { existsSync, rmdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import { DataDirInUseError, claimDataDir, releaseDataDir } from '../../src/server/db/data-dir-lock.server'
import { ArchiveRefused, checkArchive } from '../../src/server/db/embedded/archive-check.server'
import { postmasterOf } from '../../src/server/db/embedded/attach.server'
import { knownMigrations } from '../../src/server/db/embedded/backup-layout.server'
import { postgresBinaries } from '../../src/server/db/embedded/binaries.server'
import { restoreArchive } from '../../src/server/db/embedded/restore.server'
import { env } from '../../src/server/env.server'
import type { ProcessCommand } from './process-command'

const USAGE = 'Usage: npm run restore -- --from FILE.tar.gz [--data-dir DIR] [--force]'
const HELP = `${USAGE}

Restores a backup made by npm run backup into a data folder that no portal uses. The archive is
checked first (a portal backup, a PostgreSQL version this portal runs, migrations it knows, no
path leaving the folder); then postgres/ and the rest of the backup (jwt-secret, mailbox/) are
written. The next npm start on that folder recovers the database from the backup's WAL.

  --from FILE      the backup archive.
  --data-dir DIR   the data folder to restore into. Default: DATA_DIR (./data unless set).
  --force          DIR already holds a database (or files the backup brings): set them aside as
                   <name>.before-restore-<UTC time> (renamed, never deleted), then restore.
  -h, --help       this text.

Stop the portal that uses DIR first; a restore refuses a folder in use.
Exit codes: 0 restored, 1 the restore failed, 2 refused (nothing was changed).`

const schema = z.object({
  from: z.string({ error: 'is required' }).min(1, 'is required'),
  'data-dir': z.string().min(1).optional(),
  force: z.boolean().default(false),
})

export const restoreCommand: ProcessCommand<typeof schema> = {
  usage: USAGE,
  help: HELP,
  options: { from: { type: 'string' }, 'data-dir': { type: 'string' }, force: { type: 'boolean' } },
  schema,
  run: restore,
}

function refuse(message: string): 2 {
  console.error(message)
  return 2
}

async function restore(options: z.output<typeof schema>): Promise<number> {
  const config = env()
  const file = resolve(options.from)
  const dataDir = resolve(options['data-dir'] ?? config.DATA_DIR)
  if (!existsSync(file) || !statSync(file).isFile()) return refuse(`${file} is not a file.`)
  if (config.DATABASE_URL && !options['data-dir']) {
    console.warn('Note: DATABASE_URL is set, so the portal uses that database, not the embedded one restored here.')
  }

  const existed = existsSync(dataDir)
  let code = 0
  try {
    claimDataDir(dataDir)
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error
    return refuse(
      `The portal server (pid ${error.pid}) is using ${dataDir}. Stop it first (Ctrl+C), then restore — or restore into another --data-dir. Nothing was changed.`,
    )
  }
  try {
    const running = postmasterOf(dataDir)
    if (running) throw new ArchiveRefused(`A PostgreSQL server (pid ${running}) still runs on ${join(dataDir, 'postgres')}. Stop it first.`)
    const began = Date.now()
    const summary = await checkArchive(file, {
      major: postgresBinaries().major,
      migrations: knownMigrations(config.MIGRATIONS_DIR).map((entry) => entry.tag),
    })
    const result = await restoreArchive(file, summary, { dataDir, force: options.force, now: new Date() })
    const { manifest } = summary
    console.log(
      `Restored the backup of ${manifest.createdAt} (portal ${manifest.portalVersion}, PostgreSQL ${manifest.postgresMajor}) into ${dataDir} ` +
        `in ${((Date.now() - began) / 1000).toFixed(1)} s: ${result.restored.join(', ')}.` +
        (result.setAside.length > 0 ? `\nSet aside (delete them once the restored portal is fine): ${result.setAside.join(', ')}.` : '') +
        `\nStart the portal on it (DATA_DIR=${dataDir} npm start): its first start replays the backup's WAL.`,
    )
  } catch (error) {
    if (error instanceof ArchiveRefused) {
      console.error(`${error.message}\nNothing was changed.`)
      code = 2
    } else {
      console.error(`The restore failed: ${error instanceof Error ? error.message : String(error)}`)
      code = 1
    }
  } finally {
    releaseDataDir(dataDir)
    // The lock made the folder; a refused restore leaves no empty one behind.
    if (!existed && code !== 0) {
      try {
        rmdirSync(dataDir)
      } catch {
        // not empty: keep it
      }
    }
  }
  return code
}
