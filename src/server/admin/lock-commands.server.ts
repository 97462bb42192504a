import { isIP, isIPv6 } from 'node:net'
import { z } from 'zod'
import { appConfig } from '../../../app.config'
import { throttleAddress } from '../auth/throttle-keys.server'
import { requireMigrated } from './migrate.server'
import { listLocks, unlock, type Lock, type UnlockTarget } from './locks.server'
import { parseOptions, type AdminCommand } from './command.server'
import { emailOption } from './options'

// `locked` and `unlock`: the login throttle's locks (decision 006), listed and lifted.
function table(locks: ReadonlyArray<Lock>, nowMs: number): string[] {
  const rows = locks.map((lock) => {
    const minutes = Math.max(1, Math.ceil((Date.parse(lock.lockedUntil) - nowMs) / 60_000))
    return [lock.key, `${lock.lockedUntil} (${minutes} min)`, `${lock.failures} (locks at ${lock.lockedAfter})`]
  })
  const all = [['KEY', 'LOCKED UNTIL', 'FAILURES SINCE'], ...rows]
  const widths = [0, 1].map((column) => Math.max(...all.map((row) => row[column]?.length ?? 0)))
  return all.map((row) => `  ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}`.trimEnd())
}

const { loginFailuresBeforeLock, userFailuresBeforeLock, ipFailuresBeforeLock } = appConfig.limits

export const lockedCommand: AdminCommand = {
  name: 'locked',
  usage: 'locked [--json]',
  help: `Lists every login lock in force: a user from one address (pair:ADDRESS USER, at the
${loginFailuresBeforeLock}th wrong password), a user from every address (user:USER, at the ${userFailuresBeforeLock}th), an address for
every user (ip:ADDRESS, at the ${ipFailuresBeforeLock}th); each with its end and the failures counted since it
began. An IPv6 address counts as its /64.

Options:
  --json   one JSON array: key, kind (pair|user|address), username, address, lockedUntil, failures, lockedAfter

Example:
  npm run admin -- locked`,
  async run(args, context) {
    const options = parseOptions(args, { json: { type: 'boolean' } }, z.object({ json: z.boolean().default(false) }))
    const nowMs = context.now()
    const { migrationsFolder } = context.settings()
    const locks = await context.withDatabase(async ({ db }) => {
      await requireMigrated(db, migrationsFolder)
      return listLocks(db, nowMs)
    })
    if (options.json) return context.out(JSON.stringify(locks, null, 2))
    if (locks.length === 0) return context.out('No login lock is in force.')
    context.out(`${locks.length} login lock(s) in force:`)
    for (const line of table(locks, nowMs)) context.out(line)
  },
}

/** An address as the throttle keys it: IPv4, IPv6 (its /64), or the /64 form `locked` prints. */
const addressOption = z
  .string()
  .trim()
  .transform((value, issue) => {
    const bare = value.replace(/\/64$/, '')
    if (isIP(bare) === 0 || (bare !== value && !isIPv6(bare))) {
      issue.addIssue({ code: 'custom', message: `"${value}" is not an IP address (e.g. 203.0.113.7, 2001:db8::1 or 2001:db8:0:0::/64)` })
      return z.NEVER
    }
    return throttleAddress(bare)
  })

const unlockOptions = z
  .object({ email: emailOption.optional(), address: addressOption.optional(), all: z.boolean().default(false) })
  .transform((value, issue): UnlockTarget => {
    const given = [value.email, value.address, value.all ? true : undefined].filter((one) => one !== undefined)
    if (given.length !== 1) {
      issue.addIssue({ code: 'custom', message: 'Give exactly one of --email ADDRESS, --address IP or --all.' })
      return z.NEVER
    }
    if (value.email !== undefined) return { username: value.email }
    if (value.address !== undefined) return { address: value.address }
    return { all: true }
  })

export const unlockCommand: AdminCommand = {
  name: 'unlock',
  usage: 'unlock --email ADDRESS | --address IP | --all',
  help: `Lifts login locks at once and starts their failure counts afresh.

Options (exactly one):
  --email ADDRESS   the user's locks: from every address (user:…) and from each address (pair:… USER)
  --address IP      the address's locks: for every user (ip:…) and for each user (pair:IP …)
  --all             every lock in force

Examples:
  npm run admin -- unlock --email dealer@example.com
  npm run admin -- unlock --address 203.0.113.7`,
  async run(args, context) {
    const target = parseOptions(args, { email: { type: 'string' }, address: { type: 'string' }, all: { type: 'boolean' } }, unlockOptions)
    const nowMs = context.now()
    const { migrationsFolder } = context.settings()
    const lifted = await context.withDatabase(async ({ db }) => {
      await requireMigrated(db, migrationsFolder)
      return unlock(db, target, nowMs)
    })
    const what = 'username' in target ? target.username : 'address' in target ? target.address : 'anyone'
    if (lifted.length === 0) return context.out(`No login lock was in force for ${what}; nothing to lift.`)
    context.out(`Lifted ${lifted.length} login lock(s):`)
    for (const lock of lifted) context.out(`  ${lock.key}`)
  },
}
