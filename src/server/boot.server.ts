import { rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { appConfig } from '../../app.config'
import { closeDatabase, getDatabase } from './db/instance.server'
import { env } from './env.server'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_ROLES } from './seed/demo-accounts'

// Start-up: database ready, a pid file so CLI tools know the embedded database is in use,
// and the banner with the URL and the demo accounts. A portal whose configuration or
// database is broken stops instead of serving errors.
export async function bootServer(): Promise<void> {
  try {
    const config = env()
    const started = Date.now()
    if (!config.DATABASE_URL) {
      // Written before the embedded database opens, so CLI tools keep away from first-start seeding too.
      mkdirSync(config.DATA_DIR, { recursive: true })
      writeFileSync(pidFile(), String(process.pid))
    }
    const database = await getDatabase()
    printBanner(database.kind, Date.now() - started)
  } catch (error) {
    console.error(`[portal] cannot start: ${error instanceof Error ? error.message : String(error)}`)
    if (isProduction()) process.exit(1)
  }
}

export async function shutdownServer(): Promise<void> {
  await closeDatabase()
  rmSync(pidFile(), { force: true })
  // PGlite's PostgreSQL keeps an internal 10 s stats timer armed after queries; once the
  // database is closed nothing else needs the process, so end it rather than wait.
  if (isProduction()) setTimeout(() => process.exit(process.exitCode ?? 0), 1500).unref()
}

function isProduction(): boolean {
  try {
    return env().NODE_ENV === 'production'
  } catch {
    return true
  }
}

export function pidFile(): string {
  return join(env().DATA_DIR, 'server.pid')
}

function printBanner(kind: string, elapsedMs: number): void {
  const config = env()
  const where = kind === 'pglite' ? `embedded PGlite in ${join(config.DATA_DIR, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'
  const lines = [
    '',
    `  Portal ${appConfig.version} is ready (database: ${where}, ${elapsedMs} ms)`,
    `  → http://localhost:${config.PORT}    → http://doors.localhost:${config.PORT} (door site)`,
    `  → API description: http://localhost:${config.PORT}/vue/openapi.json`,
    '',
    `  Demo accounts (password: ${DEMO_PASSWORD})`,
    ...DEMO_ROLES.map((role) => {
      const account = DEMO_ACCOUNTS[role]
      const groups = account.groups.length === 9 ? 'all nine groups' : account.groups.join(', ') || 'no groups'
      return `    ${account.username.padEnd(26)} ${groups} → ${account.landing}`
    }),
    '',
  ]
  console.log(lines.join('\n'))
}
