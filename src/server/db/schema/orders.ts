import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgEnum, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core'
import type { BasketStatus } from '../../../domain/basket-status'
import { createdAt, timestamptz } from './columns'
import { companies } from './companies'
import { productionLines } from './lines'
import { users } from './users'
import { BASKET_ACTIONS } from '../../../domain/basket-status'

export { BASKET_ACTIONS }

/** Production baskets (orders) with the status codes 0–6 (basket-status.ts). */
export const baskets = pgTable(
  'baskets',
  {
    id: serial('id').primaryKey(),
    basketNumber: text('basket_number').notNull().unique(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    lineId: integer('line_id').references(() => productionLines.id, { onDelete: 'set null' }),
    placedByUserId: integer('placed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: smallint('status').$type<BasketStatus>().notNull().default(0),
    created: timestamptz('created').notNull().defaultNow(),
    lastStatusUpdate: timestamptz('last_status_update').notNull().defaultNow(),
    approvalNumber: text('approval_number'),
    queryPending: boolean('query_pending').notNull().default(false),
    customer: text('customer').notNull().default(''),
    autoApprove: boolean('auto_approve').notNull().default(false),
    // The dealer's billing address as printed on the basket.
    billingName1: text('billing_name1').notNull().default(''),
    billingName2: text('billing_name2').notNull().default(''),
    billingZip: text('billing_zip').notNull().default(''),
    billingCountry: text('billing_country').notNull().default(''),
  },
  (t) => [
    // Matches BASKET_STATUSES in src/domain/basket-status.ts.
    check('baskets_status_range', sql`${t.status} between 0 and 6`),
    index('baskets_company_status_idx').on(t.companyId, t.status),
  ],
)

export type BasketAction = (typeof BASKET_ACTIONS)[number]
export const basketActionEnum = pgEnum('basket_action', BASKET_ACTIONS)

/** Status changes of a basket; actor is who it looked like, real actor who actually did it. */
export const basketHistory = pgTable(
  'basket_history',
  {
    id: serial('id').primaryKey(),
    basketId: integer('basket_id')
      .notNull()
      .references(() => baskets.id, { onDelete: 'cascade' }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    realActorUserId: integer('real_actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: basketActionEnum('action').notNull(),
    fromStatus: smallint('from_status').$type<BasketStatus>(),
    toStatus: smallint('to_status').$type<BasketStatus>(),
    approvalNumber: text('approval_number'),
    createdAt: createdAt(),
  },
  (t) => [index('basket_history_basket_id_idx').on(t.basketId)],
)

export type Basket = typeof baskets.$inferSelect
export type NewBasket = typeof baskets.$inferInsert
export type BasketHistoryEntry = typeof basketHistory.$inferSelect
