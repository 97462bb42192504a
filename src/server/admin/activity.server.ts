import { z } from 'zod'
import { pruneActivity, verifyChain } from '../activity/chain.server'
import { AdminFailure, parseOptions, UsageError, type AdminCommand } from './command.server'
import { requireMigrated } from './migrate.server'

// `activity verify` walks the trail's hash chain; `activity prune` deletes the rows older than
// the retention (ACTIVITY_RETENTION_DAYS, or --days) — the only removal the trail allows, and
// itself a row of the trail (decision 053).
const pruneOptions = z.object({ days: z.coerce.number().int().min(1).max(36_500).optional() })
const DAY_MS = 86_400_000

export const activityCommand: AdminCommand = {
  name: 'activity',
  usage: 'activity verify | activity prune [--days N]',
  help: `verify: walks the activity trail's hash chain from its first row to its last; exit 1 names
the first row changed or missing.
prune: deletes the rows older than the retention (ACTIVITY_RETENTION_DAYS, default 730 days, or
--days N) and records that it did. Nothing else can remove a row.

Examples:
  npm run admin -- activity verify
  npm run admin -- activity prune --days 365`,
  async run(args, context) {
    const [action, ...rest] = args
    const { migrationsFolder, activityRetentionDays } = context.settings()
    if (action === 'verify') {
      parseOptions(rest, {}, z.object({}))
      const check = await context.withDatabase(async ({ db }) => {
        await requireMigrated(db, migrationsFolder)
        return verifyChain(db)
      })
      if (!check.intact) {
        throw new AdminFailure(
          `the chain is broken at row ${check.brokenAt}: ${check.why === 'changed' ? 'the row was changed' : 'a row before it is missing'} (${check.rows} rows before it are intact)`,
        )
      }
      context.out(check.rows === 0 ? 'The activity trail is empty.' : `The activity trail is intact: ${check.rows} rows, ${check.firstId} … ${check.lastId}.`)
      return
    }
    if (action === 'prune') {
      const { days = activityRetentionDays } = parseOptions(rest, { days: { type: 'string' } }, pruneOptions)
      const before = new Date(context.now() - days * DAY_MS)
      const deleted = await context.withDatabase(async ({ db }) => {
        await requireMigrated(db, migrationsFolder)
        return pruneActivity(db, before, 'admin activity prune')
      })
      context.out(`Deleted ${deleted} row(s) older than ${before.toISOString()} (${days} days); the pruning is recorded.`)
      return
    }
    throw new UsageError(action === undefined ? 'say verify or prune' : `there is no "activity ${action}": say verify or prune`)
  },
}
