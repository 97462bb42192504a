// npm run backup -- [--out FILE] (npm run admin -- backup): an online backup of the embedded
// database (decision 042).
import { existsSync, rmSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { z } from 'zod'
import { APP_VERSION } from '../../src/domain/limits'
import { backupEmbeddedDatabase } from '../../src/server/db/embedded/backup.server'
import { stamp } from '../../src/server/db/embedded/backup-layout.server'
import { env } from '../../src/server/env.server'
import { openCliDatabase } from '../cli-database'
import type { ProcessCommand } from './process-command'

const USAGE = 'Usage: npm run backup -- [--out FILE.tar.gz]'
const HELP = `${USAGE}

Backs up the embedded database (no DATABASE_URL) while the portal runs: PostgreSQL's online
base backup of DATA_DIR/postgres with the WAL it needs, and the rest of DATA_DIR worth keeping
(jwt-secret, mailbox/; not server.pid, spool/, postgres.log), as one .tar.gz readable by its
owner only. With no portal running it starts the database itself for the backup.

  --out FILE   where to write it (must end in .tar.gz; never overwritten).
               Default: backups/portal-<UTC time>.tar.gz under the current folder.
  -h, --help   this text.

Restore with: npm run restore -- --from FILE [--data-dir DIR]
With DATABASE_URL, back up with pg_dump instead (docs/operations/backup.md).
Exit codes: 0 done, 1 the backup failed, 2 refused (bad arguments, nothing to back up).`

const schema = z.object({
  out: z
    .string()
    .regex(/\.tar\.gz$/, 'a file name ending in .tar.gz')
    .optional(),
})

export const backupCommand: ProcessCommand<typeof schema> = {
  usage: USAGE,
  help: HELP,
  options: { out: { type: 'string' } },
  schema,
  run: backup,
}

async function backup(parsed: z.output<typeof schema>): Promise<number> {
  const config = env()
  if (config.DATABASE_URL) {
    console.error(
      'npm run backup backs up the embedded database only; this portal uses DATABASE_URL.\n' +
        "Back that database up with PostgreSQL's pg_dump (as new as the server, or newer), for example:\n\n" +
        `  pg_dump --format=custom --file=portal-${stamp(new Date())}.dump "$DATABASE_URL"\n\n` +
        'and restore it with pg_restore: see docs/operations/backup.md.',
    )
    return 2
  }
  if (!existsSync(join(config.DATA_DIR, 'postgres', 'PG_VERSION'))) {
    console.error(`There is no embedded database in ${resolve(config.DATA_DIR, 'postgres')} to back up (is DATA_DIR right?).`)
    return 2
  }
  const out = resolve(parsed.out ?? join('backups', `portal-${stamp(new Date())}.tar.gz`))
  if (existsSync(out)) {
    console.error(`${out} exists already; give another --out.`)
    return 2
  }

  // Ctrl+C: no half archive is left behind (the server ends the backup with the session).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      rmSync(`${out}.partial`, { force: true })
      process.exit(130)
    })
  }

  const database = await openCliDatabase()
  try {
    const { embedded } = database
    if (!embedded) throw new Error('not the embedded database')
    const result = await backupEmbeddedDatabase({
      dataDir: config.DATA_DIR,
      pgdata: embedded.pgdata,
      connection: embedded.connection,
      out,
      migrationsFolder: config.MIGRATIONS_DIR,
      portalVersion: APP_VERSION,
    })
    const shown = relative(process.cwd(), result.file).startsWith('..') ? result.file : relative(process.cwd(), result.file)
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
    console.log(
      `Backed up the embedded database in ${embedded.pgdata}${embedded.portalPid ? ` while the portal (pid ${embedded.portalPid}) runs` : ''}:\n` +
        `  ${shown}: ${mb(result.bytes)} in ${(result.ms / 1000).toFixed(1)} s ` +
        `(${result.dataFiles} files, ${mb(result.dataBytes)} of data, ${result.walSegments} WAL segment(s), ` +
        `PostgreSQL ${result.manifest.postgresMajor}, ${result.manifest.migrations.length} migrations` +
        `${result.manifest.extras.length > 0 ? `; also ${result.manifest.extras.join(', ')}` : ''})\n` +
        `Restore it with: npm run restore -- --from ${shown} --data-dir NEW_DATA_DIR`,
    )
  } catch (error) {
    console.error(`The backup failed: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  } finally {
    await database.close()
  }
  return 0
}
