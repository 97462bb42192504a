import { spawn } from 'node:child_process'
import type { AdminContext, AdminSettings } from '../../src/server/admin/command.server'
import { runAdmin } from '../../src/server/admin/cli.server'
import type { Database } from '../../src/server/db/client.server'
import { MIGRATIONS } from './fresh-database'

// `npm run admin -- …` two ways: in-process around a test's own database (fast, every
// command), and as the process an operator starts (exit codes, stdin, the environment).
export type AdminRun = { code: number; stdout: string; stderr: string }

export type InProcess = {
  database?: Database
  settings?: Partial<AdminSettings>
  stdin?: string
  nowMs?: number
}

export async function adminInProcess(args: string[], { database, settings = {}, stdin = '', nowMs }: InProcess = {}): Promise<AdminRun> {
  const out: string[] = []
  const err: string[] = []
  const context: AdminContext = {
    settings: () => ({
      dataDir: process.env.DATA_DIR ?? './data/test',
      migrationsFolder: MIGRATIONS,
      embedded: false,
      jwtSecret: undefined,
      jwtSecretPrevious: undefined,
      jwtSecretPreviousUntil: undefined,
      smtpUrl: undefined,
      mailFrom: 'Portal <portal@test.example>',
      activityRetentionDays: 730,
      ...settings,
    }),
    withDatabase: (work) => {
      if (!database) throw new Error('this command was not meant to reach the database')
      return work(database)
    },
    readStdin: () => Promise.resolve(stdin),
    now: () => nowMs ?? Date.now(),
    out: (text) => out.push(text),
    err: (text) => err.push(text),
  }
  const code = await runAdmin(args, context)
  return { code, stdout: out.join('\n'), stderr: err.join('\n') }
}

/** scripts/admin.ts as a process, with `env` over the test's environment and `stdin` piped in. */
export function adminProcess(args: string[], { env = {}, stdin = '' }: { env?: Record<string, string>; stdin?: string } = {}): Promise<AdminRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/admin.ts', ...args], { env: { ...process.env, ...env } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }))
    child.stdin.end(stdin)
  })
}
