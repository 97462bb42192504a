import { bigint, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { createdAt, timestamptz } from './columns'
import { users } from './users'

/**
 * A user's TOTP second factor (decision 054): pending while `enabled_at` is null (set up, not yet
 * confirmed with a code), active once enabled. One row per user; turning it off deletes the row.
 */
export const userSecondFactors = pgTable('user_second_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  // Base32; it must be readable to check codes, so it cannot be hashed.
  secret: text('secret').notNull(),
  enabledAt: timestamptz('enabled_at'),
  // The newest time step (30 s) a code was accepted for: each step is accepted once.
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: createdAt(),
})

/** Recovery codes of an enabled second factor, as SHA-256 hex (they are high-entropy); each works once. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('user_recovery_codes_user_id_idx').on(t.userId)],
)

export type UserSecondFactor = typeof userSecondFactors.$inferSelect
