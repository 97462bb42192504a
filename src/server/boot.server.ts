import { rmSync } from 'node:fs'
import { appConfig } from '../../app.config'
import { checkAppConfig } from './app-config-check.server'
import { listenForInvalidations } from './cache/invalidation.server'
import { claimDataDir, releaseDataDir } from './db/data-dir-lock.server'
import { closeDatabase, getDatabase } from './db/instance.server'
import { env } from './env.server'
import { logsAreReadable, processLogger } from './ops/logger.server'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_ROLES, type DemoLanding } from './seed/demo-accounts'
import { startMailSender } from './services/mail/sender.server'
import { spoolRoot } from './http-api/spool-root.server'

// Start-up and shutdown of the portal's state: the data folder claimed for this process,
// upload spool left by a killed process removed, the database opened, migrated and (embedded
// default) seeded. Idempotent: the bundler may load this module twice (see instance.server),
// so the one start lives on globalThis.
type Started = { where: string; elapsedMs: number }
type Lifecycle = {
  started?: Promise<Started>
  stopped?: Promise<void>
  claimed?: string
  mail?: { stop(): Promise<void> }
  listening?: { stop(): Promise<void> } | null
}

declare global {
  var __portalLifecycle: Lifecycle | undefined
}

function lifecycle(): Lifecycle {
  globalThis.__portalLifecycle ??= {}
  return globalThis.__portalLifecycle
}

/** Opens everything the portal needs before it may answer a request. Rejects with the reason. */
export function startPortal(): Promise<Started> {
  const state = lifecycle()
  state.started ??= start(state)
  return state.started
}

async function start(state: Lifecycle): Promise<Started> {
  checkAppConfig()
  const config = env()
  const began = Date.now()
  if (!config.DATABASE_URL) {
    // Before the database opens, so a second server or a CLI tool keeps away from it.
    claimDataDir(config.DATA_DIR)
    state.claimed = config.DATA_DIR
  }
  // Files of uploads that a killed process never finished; nothing else uses them.
  rmSync(spoolRoot(), { recursive: true, force: true })
  const database = await getDatabase()
  // Other app servers on the same PostgreSQL announce writes that make cached reads stale.
  state.listening = listenForInvalidations(database)
  // The outbox's sender (decision 030): SMTP with SMTP_URL, else the local mailbox folder.
  state.mail = startMailSender(database.db)
  const where = database.about ?? (config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : database.kind)
  return { where, elapsedMs: Date.now() - began }
}

/** Closes the database (after its running transactions) and releases the data folder. */
export function stopPortal(): Promise<void> {
  const state = lifecycle()
  state.stopped ??= (async () => {
    await state.started?.catch(() => undefined)
    await state.mail?.stop()
    // Before the database: its own connection would hold the embedded server's smart shutdown.
    await state.listening?.stop()
    await closeDatabase()
    if (state.claimed) releaseDataDir(state.claimed)
  })()
  return state.stopped
}

const LANDING_SHOWN: Record<DemoLanding, string> = {
  // Dealer admins and staff land on the companies tree of their own company.
  companies: 'companies',
  shop: 'shop',
  'select-line': 'select-line',
}

/**
 * Says the portal is ready. On a terminal (readable logs) the banner for people, with the links
 * and the demo accounts; in a log stack one line without them (no password in a log).
 */
export function printBanner(where: string, elapsedMs: number): void {
  const config = env()
  if (!logsAreReadable(config)) {
    processLogger().info({ version: appConfig.version, database: where, startMs: elapsedMs, port: config.PORT }, `Portal ${appConfig.version} is ready`)
    return
  }
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
      return `    ${account.username.padEnd(26)} ${groups} → ${LANDING_SHOWN[account.landing]}`
    }),
    '',
  ]
  console.log(lines.join('\n'))
}
