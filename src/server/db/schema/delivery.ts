import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { companies } from './companies'
import { countries } from './reference-data'

export const deliveryAddresses = pgTable(
  'delivery_addresses',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name1: text('name1').notNull(),
    name2: text('name2').notNull().default(''),
    address1: text('address1').notNull(),
    address2: text('address2').notNull().default(''),
    zip: text('zip').notNull(),
    city: text('city').notNull(),
    country: text('country')
      .notNull()
      .references(() => countries.code),
    phone: text('phone').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    email: text('email').notNull().default(''),
    active: boolean('active').notNull().default(true),
    isDelivery: boolean('is_delivery').notNull().default(false),
  },
  (t) => [
    index('delivery_addresses_company_id_idx').on(t.companyId),
    // Spec: exactly one address is the delivery address; the database refuses a second one.
    uniqueIndex('delivery_addresses_one_delivery_idx')
      .on(t.companyId)
      .where(sql`${t.isDelivery}`),
    // The delivery address is always active; a deferred trigger of migration
    // 0005 adds that a company with addresses has exactly one (decision 031).
    check('delivery_addresses_delivery_is_active', sql`${t.active} or not ${t.isDelivery}`),
  ],
)

export type DeliveryAddress = typeof deliveryAddresses.$inferSelect
export type NewDeliveryAddress = typeof deliveryAddresses.$inferInsert
