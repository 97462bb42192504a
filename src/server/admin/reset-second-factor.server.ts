import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { removeSecondFactor } from '../auth/second-factor.server'
import { auditLog, users } from '../db/schema/index'
import type { Db } from '../db/types'
import { AdminFailure, UsageError, type AdminCommand } from './command.server'
import { requireMigrated } from './migrate.server'
import { emailOption } from './options'

// `reset-2fa`: for a user who lost both the authenticator and the recovery codes (decision 054).
// The second factor, its secret and its recovery codes go; the password stays.

export type SecondFactorReset = { userId: number; wasOn: boolean }

export async function resetSecondFactor(db: Db, email: string, nowMs: number): Promise<SecondFactorReset> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)
    if (!user) throw new AdminFailure(`No user has the e-mail address ${email}.`)
    const wasOn = await removeSecondFactor(tx, user.id)
    if (wasOn) {
      const details = { via: 'admin_command' }
      await tx.insert(auditLog).values({ action: 'second_factor_reset', entity: 'user', entityId: String(user.id), details, createdAt: new Date(nowMs) })
    }
    return { userId: user.id, wasOn }
  })
}

/** The address, given as the one argument or as --email (as the other commands take it). */
function addressOf(args: string[]): string {
  let parsed: { values: { email?: string | boolean }; positionals: string[] }
  try {
    parsed = parseArgs({ args, options: { email: { type: 'string' } }, strict: true, allowPositionals: true })
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
  const given = [...parsed.positionals, ...(typeof parsed.values.email === 'string' ? [parsed.values.email] : [])]
  if (given.length !== 1) throw new UsageError(given.length === 0 ? 'the e-mail address is required' : 'give one e-mail address')
  const email = emailOption.safeParse(given[0])
  if (!email.success) throw new UsageError(`the e-mail address: ${z.prettifyError(email.error)}`)
  return email.data
}

export const resetSecondFactorCommand: AdminCommand = {
  name: 'reset-2fa',
  usage: 'reset-2fa ADDRESS',
  help: `Turns two-factor login off for the user with this e-mail address, for one who lost both
the authenticator app and the recovery codes. Their secret and recovery codes are deleted; the
password stays. They log in with the password alone and may set up a second factor again.

Example:
  npm run admin -- reset-2fa dealer@example.com`,
  async run(args, context) {
    const email = addressOf(args)
    const { migrationsFolder } = context.settings()
    const reset = await context.withDatabase(async ({ db }) => {
      await requireMigrated(db, migrationsFolder)
      return resetSecondFactor(db, email, context.now())
    })
    context.out(
      reset.wasOn
        ? `Two-factor login turned off for ${email} (id ${reset.userId}); they log in with the password alone.`
        : `Two-factor login was not on for ${email} (id ${reset.userId}); nothing changed.`,
    )
  },
}
