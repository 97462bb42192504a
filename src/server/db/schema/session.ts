import { sql } from 'drizzle-orm'
import { bigserial, boolean, check, index, integer, jsonb, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core'
import { createdAt, timestamptz, updatedAt } from './columns'
import { users } from './users'

/** The single maintenance row behind GET /vue/maintenance/. */
export const maintenanceSettings = pgTable(
  'maintenance_settings',
  {
    id: smallint('id').primaryKey().default(1),
    loginAllowed: boolean('login_allowed').notNull().default(true),
    testLoginAllowed: boolean('test_login_allowed').notNull().default(true),
    flashText: text('flash_text').notNull().default(''),
    shopUrl: text('shop_url'),
    subdomain: text('subdomain'),
    updatedAt: updatedAt(),
  },
  (t) => [check('maintenance_settings_single_row', sql`${t.id} = 1`)],
)

/** Login throttling counters, kept in the database so every app server sees the same count. */
export const loginAttempts = pgTable('login_attempts', {
  // 'user:<email>' or 'ip:<address>'.
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamptz('window_started_at').notNull().defaultNow(),
  lockedUntil: timestamptz('locked_until'),
})

/** Who took over whom (switch user); rows outlive the users. */
export const switchUserLog = pgTable(
  'switch_user_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    clientAddress: text('client_address').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('switch_user_log_created_at_idx').on(t.createdAt.desc().nullsFirst())],
)

/** Every state-changing action; actor is the real person even while switched to another user. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actingAsUserId: integer('acting_as_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_at_idx').on(t.createdAt.desc().nullsFirst())],
)

export type MaintenanceSettings = typeof maintenanceSettings.$inferSelect
export type LoginAttempt = typeof loginAttempts.$inferSelect
export type SwitchUserLogEntry = typeof switchUserLog.$inferSelect
export type AuditLogEntry = typeof auditLog.$inferSelect
