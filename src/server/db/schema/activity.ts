import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * The activity trail (decision 053): one row per write, appended and never changed. Who acted
 * (the real person), as whom (while switched), on which company, what and on which target, the
 * changed fields before → after, from which address and in which request. No foreign keys: a
 * row outlives the user and company it names, and nothing may rewrite it. The database itself
 * gives each row its id and its place in a hash chain (migration 0014's trigger) and refuses
 * UPDATE, DELETE and TRUNCATE; only the admin command's pruning of rows past the retention may
 * delete, and it is recorded too.
 */
export const activity = pgTable(
  'activity',
  {
    // Set by the trigger under a lock: the chain's order.
    id: bigint('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    actingAsUserId: integer('acting_as_user_id'),
    companyId: integer('company_id'),
    action: text('action').notNull(),
    outcome: text('outcome').notNull().default('done'),
    target: text('target'),
    changes: jsonb('changes'),
    details: jsonb('details'),
    address: text('address'),
    requestId: text('request_id'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [index('activity_company_at_idx').on(t.companyId, t.at), index('activity_actor_at_idx').on(t.actorUserId, t.at), index('activity_at_idx').on(t.at)],
)

export type ActivityRow = typeof activity.$inferSelect
