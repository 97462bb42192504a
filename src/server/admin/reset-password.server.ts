import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { hashPassword } from '../auth/password.server'
import { auditLog, users } from '../db/schema/index'
import type { Db } from '../db/types'
import { endSessionsOf } from '../auth/sessions.server'
import { forgetCallers } from '../endpoint/access.server'
import { AdminFailure, parseOptions, type AdminCommand } from './command.server'
import { unlock, type Lock } from './locks.server'
import { requireMigrated } from './migrate.server'
import { chooseNewPassword, passwordNotice } from './new-password.server'
import { emailOption } from './options'

// `reset-password`: as a reset link does (decision 030) — the new hash, the user's other
// sessions end (tokens issued before this second), every server drops its cached callers —
// and the user's login locks are lifted, so the new password works at once.
const options = z.object({ email: emailOption, 'password-stdin': z.boolean().default(false) })

export type PasswordReset = { userId: number; isActive: boolean; lifted: Lock[] }

export async function resetPassword(db: Db, email: string, passwordHash: string, nowMs: number): Promise<PasswordReset> {
  const reset = await db.transaction(async (tx) => {
    const [user] = await tx.update(users).set({ passwordHash }).where(eq(users.email, email)).returning({ id: users.id, isActive: users.isActive })
    if (!user) throw new AdminFailure(`No user has the e-mail address ${email}.`)
    await endSessionsOf(tx, user.id, nowMs, { endedBy: 'admin' })
    const details = { via: 'admin_command' }
    await tx.insert(auditLog).values({ action: 'password_change', entity: 'user', entityId: String(user.id), details, createdAt: new Date(nowMs) })
    return { userId: user.id, isActive: user.isActive, lifted: await unlock(tx, { username: email }, nowMs) }
  })
  await forgetCallers(db)
  return reset
}

export const resetPasswordCommand: AdminCommand = {
  name: 'reset-password',
  usage: 'reset-password --email ADDRESS [--password-stdin]',
  help: `Gives the user a new password. Their sessions end (on every server), and their login locks
are lifted, so the new password works at once.

Options:
  --email ADDRESS    the user (required)
  --password-stdin   take the password from the first line of stdin (at least 8 characters,
                     not a common one); without it a password is generated and printed once

Examples:
  npm run admin -- reset-password --email dealer@example.com
  printf '%s\\n' "$PASSWORD" | npm run admin -- reset-password --email dealer@example.com --password-stdin`,
  async run(args, context) {
    const { email, 'password-stdin': fromStdin } = parseOptions(args, { email: { type: 'string' }, 'password-stdin': { type: 'boolean' } }, options)
    const password = await chooseNewPassword(fromStdin, context)
    const passwordHash = await hashPassword(password.password)
    const { migrationsFolder } = context.settings()
    const reset = await context.withDatabase(async ({ db }) => {
      await requireMigrated(db, migrationsFolder)
      return resetPassword(db, email, passwordHash, context.now())
    })
    context.out(`New password set for ${email} (id ${reset.userId}); their other sessions have ended.`)
    if (reset.lifted.length > 0) context.out(`Lifted ${reset.lifted.length} login lock(s): ${reset.lifted.map((lock) => lock.key).join(', ')}`)
    if (!reset.isActive) context.out('Note: the user is inactive and cannot log in until a dealer admin or staff activates them.')
    for (const line of passwordNotice(password)) context.out(line)
  },
}
