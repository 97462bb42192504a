// npm run admin -- <command> [options]; `npm run admin -- --help` lists the commands: the admin
// ones (src/server/admin/cli.server.ts) and backup, restore, seed and maintenance
// (scripts/commands/registry.ts), which `npm run backup` etc. run as aliases (decision 060).
import { createInterface } from 'node:readline'
import type { AdminSettings } from '../src/server/admin/command.server'
import { runAdmin } from '../src/server/admin/cli.server'
import { env } from '../src/server/env.server'
import { openCliDatabase } from './cli-database'
import { PROCESS_COMMANDS } from './commands/registry'

function settings(): AdminSettings {
  const config = env()
  return {
    dataDir: config.DATA_DIR,
    migrationsFolder: config.MIGRATIONS_DIR,
    embedded: !config.DATABASE_URL,
    jwtSecret: config.JWT_SECRET,
    jwtSecretPrevious: config.JWT_SECRET_PREVIOUS,
    jwtSecretPreviousUntil: config.JWT_SECRET_PREVIOUS_UNTIL,
    smtpUrl: config.SMTP_URL,
    mailFrom: config.MAIL_FROM,
    activityRetentionDays: config.ACTIVITY_RETENTION_DAYS,
  }
}

// The first line only: from a pipe, or typed and ended with Enter.
async function firstLineOfStdin(): Promise<string> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })
  try {
    for await (const line of lines) return line
    return ''
  } finally {
    lines.close()
  }
}

process.exitCode = await runAdmin(
  process.argv.slice(2),
  {
    settings,
    withDatabase: async (work) => {
      const database = await openCliDatabase()
      try {
        return await work(database)
      } finally {
        await database.close()
      }
    },
    readStdin: firstLineOfStdin,
    now: () => Date.now(),
    out: (text) => console.log(text),
    err: (text) => console.error(text),
  },
  PROCESS_COMMANDS,
)
