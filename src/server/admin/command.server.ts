import { parseArgs, type ParseArgsConfig } from 'node:util'
import type { z } from 'zod'
import type { Database } from '../db/client.server'

// What every admin command gets (decision 043): the settings it works with, the database the
// server uses, stdin, a clock and two outputs. The CLI (scripts/admin.ts) builds it from the
// environment; tests build it around their own database, folder and SMTP listener.
export type AdminSettings = {
  dataDir: string
  migrationsFolder: string
  /** No DATABASE_URL: the embedded database, which applies its migrations as it opens. */
  embedded: boolean
  jwtSecret: string | undefined
  jwtSecretPrevious: string | undefined
  jwtSecretPreviousUntil: string | undefined
  smtpUrl: string | undefined
  mailFrom: string
  /** ACTIVITY_RETENTION_DAYS: what `activity prune` keeps. */
  activityRetentionDays: number
}

export type AdminContext = {
  settings(): AdminSettings
  /** Opens the database, runs `work`, closes it. */
  withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T>
  /** The first line of stdin, without its line ending. */
  readStdin(): Promise<string>
  now(): number
  out(text: string): void
  err(text: string): void
}

export type AdminCommand = {
  name: string
  /** The synopsis after `npm run admin -- `. */
  usage: string
  /** What `--help` prints after the usage line: what it does, its options, an example. */
  help: string
  run(args: string[], context: AdminContext): Promise<void>
}

/** The command line is wrong: exit code 2, nothing was changed. */
export class UsageError extends Error {}

/** The command line was right but it could not be done: exit code 1. */
export class AdminFailure extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>

/** The command's options, parsed by node:util and then by its schema (each problem on a line). */
export function parseOptions<S extends z.ZodType>(args: string[], options: Options, schema: S): z.output<S> {
  let values: unknown
  try {
    values = parseArgs({ args, options, strict: true, allowPositionals: false }).values
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
  const parsed = schema.safeParse(values)
  if (parsed.success) return parsed.data
  throw new UsageError(parsed.error.issues.map((issue) => (issue.path.length > 0 ? `--${issue.path.join('.')}: ${issue.message}` : issue.message)).join('\n'))
}
