import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, timestamptz } from './columns'
import { users } from './users'

/**
 * A sign-in and the tokens it issued (decision 056): the token's `sid` names the row; a switch to
 * another user stays in the session it was made from, so `user_id` is the person who signed in.
 * Open while `ended_at` is null. Rows past a token's longest life (24 hours) are pruned.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    // Moved forward at most once a minute per server: a session in use, not every call.
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    userAgent: text('user_agent').notNull().default(''),
    clientAddress: text('client_address').notNull().default(''),
    endedAt: timestamptz('ended_at'),
    // 'logout' | 'user' | 'others' | 'staff' | 'password' | 'deactivated' | 'admin'
    endedBy: text('ended_by'),
  },
  (t) => [index('user_sessions_user_id_created_at_idx').on(t.userId, t.createdAt), index('user_sessions_created_at_idx').on(t.createdAt)],
)

export type UserSession = typeof userSessions.$inferSelect
