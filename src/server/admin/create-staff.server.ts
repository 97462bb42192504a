import { and, asc, eq, isNull } from 'drizzle-orm'
import { z } from 'zod'
import { hashPassword } from '../auth/password.server'
import { isUniqueViolation } from '../db/errors.server'
import { auditLog, companies, userGroups, users } from '../db/schema/index'
import type { Db } from '../db/types'
import { AdminFailure, parseOptions, type AdminCommand } from './command.server'
import { requireMigrated } from './migrate.server'
import { chooseNewPassword, passwordNotice } from './new-password.server'
import { emailOption, groupsOption } from './options'

// `create-staff`: a user of the root (supplier) company — staff, whom the company scope then
// gives every company (staff act on every company's data) — with every group unless told fewer.
const options = z.object({
  email: emailOption,
  name: z.string().trim().min(1, 'is empty').max(200).optional(),
  groups: groupsOption,
  language: z.enum(['de', 'en']).default('de'),
  'password-stdin': z.boolean().default(false),
})

export type NewStaff = z.output<typeof options> & { passwordHash: string }

/** The staff user, created in the root company; refuses an e-mail address that has a user. */
export async function createStaff(db: Db, staff: NewStaff, nowMs: number): Promise<{ userId: number; company: { id: number; name: string } }> {
  const words = (staff.name ?? staff.email.split('@')[0] ?? staff.email).split(/\s+/)
  const lastName = words.length > 1 ? (words.pop() ?? '') : ''
  const taken = () => new AdminFailure(`A user with the e-mail address ${staff.email} exists already. To give them a new password: reset-password.`)
  return db
    .transaction(async (tx) => {
      const [root] = await tx
        .select({ id: companies.id, name: companies.name1 })
        .from(companies)
        .where(and(isNull(companies.parentId), eq(companies.isGuestCompany, false)))
        .orderBy(asc(companies.id))
        .limit(1)
      if (!root)
        throw new AdminFailure('The database has no company yet: staff belong to the root company. Load the data (or `npm run seed` for the demo) first.')
      const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.email, staff.email)).limit(1)
      if (holder) throw taken()
      const [user] = await tx
        .insert(users)
        .values({
          email: staff.email,
          passwordHash: staff.passwordHash,
          firstName: words.join(' '),
          lastName,
          language: staff.language,
          companyId: root.id,
          dealerAdmin: staff.groups.includes('IS_DEALER_ADMIN'),
        })
        .returning({ id: users.id })
      if (!user) throw new AdminFailure('The user was not created.')
      await tx.insert(userGroups).values(staff.groups.map((permission) => ({ userId: user.id, permission })))
      const details = { via: 'admin_command', email: staff.email, groups: staff.groups, company: root.id }
      await tx.insert(auditLog).values({ action: 'create_staff', entity: 'user', entityId: String(user.id), details, createdAt: new Date(nowMs) })
      return { userId: user.id, company: root }
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? taken() : error
    })
}

export const createStaffCommand: AdminCommand = {
  name: 'create-staff',
  usage: 'create-staff --email ADDRESS [--name "FIRST LAST"] [--groups all|GROUP,…] [--language de|en] [--password-stdin]',
  help: `Creates a user of the root (supplier) company, who can then log in. Refuses an e-mail
address that already has a user.

Options:
  --email ADDRESS     the username (required)
  --name "FIRST LAST" first and last name (default: the part of the address before @)
  --groups LIST       "all" (default) or some of IS_DEALER_ADMIN, CAN_CREATE_COMPANIES,
                      CAN_CREATE_CONTACTS, CAN_APPROVE_ORDER, CAN_TRANSLATE, CAN_UPLOAD,
                      SEE_PRICELOGS, MANAGE_USERS, CAN_CHANGE_PASSWORD, CAN_REVIEW,
                      comma-separated
  --language de|en    the language of the user's mails (default de)
  --password-stdin    take the password from the first line of stdin (at least 8 characters,
                      not a common one); without it a password is generated and printed once

Examples:
  npm run admin -- create-staff --email anna.berg@example.com --name "Anna Berg"
  printf '%s\\n' "$PASSWORD" | npm run admin -- create-staff --email it@example.com --groups MANAGE_USERS,CAN_CHANGE_PASSWORD --password-stdin`,
  async run(args, context) {
    const staff = parseOptions(
      args,
      { email: { type: 'string' }, name: { type: 'string' }, groups: { type: 'string' }, language: { type: 'string' }, 'password-stdin': { type: 'boolean' } },
      options,
    )
    const password = await chooseNewPassword(staff['password-stdin'], context)
    const passwordHash = await hashPassword(password.password)
    const { migrationsFolder } = context.settings()
    const created = await context.withDatabase(async ({ db }) => {
      await requireMigrated(db, migrationsFolder)
      return createStaff(db, { ...staff, passwordHash }, context.now())
    })
    context.out(`Created staff user ${staff.email} (id ${created.userId}) in ${created.company.name} (company ${created.company.id}).`)
    context.out(`Groups: ${staff.groups.join(', ')}`)
    for (const line of passwordNotice(password)) context.out(line)
  },
}
