import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgEnum, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core'
import { PERMISSIONS } from '../../../domain/permissions'
import { createdAt, timestamptz } from './columns'
import { companies } from './companies'
import { productionLines } from './lines'

export const permissionEnum = pgEnum('permission', PERMISSIONS)

/** Portal users (contacts). The username is the e-mail address, always stored lower-case. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    language: text('language').notNull().default('de'),
    // Null only between registration step 1 (user) and step 2 (company).
    companyId: integer('company_id').references(() => companies.id),
    isActive: boolean('is_active').notNull().default(true),
    dealerAdmin: boolean('dealer_admin').notNull().default(false),
    optOut: boolean('opt_out').notNull().default(false),
    lastLineId: integer('last_line_id').references(() => productionLines.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastLoginAt: timestamptz('last_login_at'),
    // Tokens issued before this moment are no longer sessions (a password change ends them).
    sessionsValidFrom: timestamptz('sessions_valid_from'),
  },
  (t) => [
    index('users_company_id_idx').on(t.companyId),
    // Lookups compare lower-cased input, so a mixed-case row would be unreachable.
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
  ],
)

/** Permission groups of a user (PERMISSIONS). */
export const userGroups = pgTable(
  'user_groups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permission: permissionEnum('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permission] })],
)

export const TOKEN_PURPOSES = ['register_company', 'password_reset', 'activation'] as const
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number]
export const tokenPurposeEnum = pgEnum('token_purpose', TOKEN_PURPOSES)

/** Single-use mailed tokens; only a hash is stored so a leaked table grants nothing. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: tokenPurposeEnum('purpose').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('user_tokens_user_id_idx').on(t.userId)],
)

export type User = typeof users.$inferSelect
export type NewUser = typeof users.$inferInsert
export type UserGroup = typeof userGroups.$inferSelect
export type UserToken = typeof userTokens.$inferSelect
