import { date, index, integer, numeric, pgEnum, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core'
import { timestamptz, updatedAt } from './columns'
import { companies } from './companies'
import { users } from './users'
import { PRICE_LOG_KINDS } from '../../../domain/price-logs'

export { PRICE_LOG_KINDS }

/**
 * The current price list, replaced row by row by CSV uploads. Prices stay exact (strings). A row
 * is known by its article, type and customer number, so one index serves both the key and an
 * upload's lookups (decision 033: a million-row upload wrote a serial key's index beside it).
 */
export const priceListEntries = pgTable(
  'price_list_entries',
  {
    articleUid: text('article_uid').notNull(),
    articleType: text('article_type').notNull(),
    price: numeric('price', { precision: 12, scale: 4 }).notNull(),
    currency: text('currency').notNull().default('EUR'),
    validFrom: date('valid_from', { mode: 'string' }),
    // '' is the general price; a customer number makes it a customer-specific price.
    customerNumber: text('customer_number').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'price_list_entries_pkey', columns: [t.articleUid, t.articleType, t.customerNumber] })],
)

export type PriceLogKind = (typeof PRICE_LOG_KINDS)[number]
export const priceLogKindEnum = pgEnum('price_log_kind', PRICE_LOG_KINDS)

export const priceLogs = pgTable(
  'price_logs',
  {
    id: serial('id').primaryKey(),
    date: timestamptz('date').notNull().defaultNow(),
    kind: priceLogKindEnum('kind').notNull(),
    basketNumber: text('basket_number'),
    articleUid: text('article_uid'),
    articleType: text('article_type'),
    price: numeric('price', { precision: 12, scale: 4 }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    contactUserId: integer('contact_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // DESC NULLS FIRST is what ORDER BY date DESC means, so the index serves the default sort.
    index('price_logs_date_idx').on(t.date.desc().nullsFirst()),
    index('price_logs_article_uid_idx').on(t.articleUid),
    index('price_logs_company_id_idx').on(t.companyId),
    index('price_logs_basket_number_idx').on(t.basketNumber),
  ],
)

/**
 * Rows of one price log (spec: price detail row); dimensions in millimetres. A row is known by its
 * log and its place in it (`id`: the upload's CSV line, or the next serial number), so one index
 * serves both the key and a log's rows in order (decision 033: a million-row upload writes one index).
 */
export const priceLogRows = pgTable(
  'price_log_rows',
  {
    id: serial('id').notNull(),
    priceLogId: integer('price_log_id')
      .notNull()
      .references(() => priceLogs.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    itemNumber: text('item_number').notNull(),
    quantity: integer('quantity').notNull(),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    depth: integer('depth').notNull().default(0),
    discount: numeric('discount', { precision: 5, scale: 2 }).notNull().default('0'),
    // Four decimals like the price list, so an upload's old and new prices are kept exactly.
    itemPrice: numeric('item_price', { precision: 12, scale: 4 }).notNull(),
    oprice: numeric('oprice', { precision: 12, scale: 4 }),
    price: numeric('price', { precision: 12, scale: 4 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.priceLogId, t.id] })],
)

/**
 * The rows of an upload's price log, a thousand lines of the file to a block (decision
 * 033): a million-row upload writes a thousand rows, not a million index entries. Block `block`
 * holds the changed and new rows of lines `block * 1000` to `block * 1000 + 999` as parallel
 * arrays in no set order (readers order them by line); `count` is how many. An upload row is
 * always one piece without dimensions or discount at its new price (`item_price` = `price`).
 * Logs written before this table keep their rows in `price_log_rows`, as baskets' logs do.
 */
export const priceLogRowBlocks = pgTable(
  'price_log_row_blocks',
  {
    priceLogId: integer('price_log_id')
      .notNull()
      .references(() => priceLogs.id, { onDelete: 'cascade' }),
    block: integer('block').notNull(),
    count: integer('count').notNull(),
    lines: integer('lines').array().notNull(),
    types: text('types').array().notNull(),
    itemNumbers: text('item_numbers').array().notNull(),
    prices: numeric('prices', { precision: 12, scale: 4 }).array().notNull(),
    oprices: numeric('oprices', { precision: 12, scale: 4 }).array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.priceLogId, t.block] })],
)

export type PriceListEntry = typeof priceListEntries.$inferSelect
export type NewPriceListEntry = typeof priceListEntries.$inferInsert
export type PriceLog = typeof priceLogs.$inferSelect
export type PriceLogRow = typeof priceLogRows.$inferSelect
