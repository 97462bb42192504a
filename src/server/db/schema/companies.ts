import { boolean, index, integer, pgEnum, pgTable, primaryKey, serial, text, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { COMPANY_TYPES } from '../../../domain/company-types'
import { bytea, createdAt } from './columns'
import { productionLines } from './lines'
import { countries } from './reference-data'

export const companyTypeEnum = pgEnum('company_type', COMPANY_TYPES)

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    // The path and depth live in company_tree (./company-tree.ts), so a move leaves this row be.
    parentId: integer('parent_id').references((): AnyPgColumn => companies.id),
    name1: text('name1').notNull(),
    name2: text('name2').notNull().default(''),
    companyType: companyTypeEnum('company_type').notNull().default('X'),
    vatNumber: text('vat_number').notNull().default(''),
    // NULLs never collide in a unique index, so many companies may lack a number.
    customerNumber: text('customer_number').unique(),
    autoApprove: boolean('auto_approve').notNull().default(false),
    address1: text('address1').notNull(),
    address2: text('address2').notNull().default(''),
    zip: text('zip').notNull(),
    city: text('city').notNull(),
    country: text('country')
      .notNull()
      .references(() => countries.code),
    // Codes into choice_options of the matching kind (no FK: the kind lives in the other table).
    region: text('region'),
    discountGroup: text('discount_group'),
    assortment: text('assortment'),
    language: text('language'),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    optOut: boolean('opt_out').notNull().default(false),
    logo: bytea('logo'),
    logoMime: text('logo_mime'),
    lastLineId: integer('last_line_id').references(() => productionLines.id, { onDelete: 'set null' }),
    isGuestCompany: boolean('is_guest_company').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('companies_parent_id_idx').on(t.parentId),
    // The tree lists a company's children by name, a page at a time (sub-companies2): read in
    // index order, never sorted, however many children there are (decision 027).
    index('companies_parent_name_idx').on(t.parentId, t.name1, t.id),
    // Trigram indexes serve the company search (substring, case-insensitive).
    index('companies_name1_trgm_idx').using('gin', t.name1.op('gin_trgm_ops')),
    index('companies_customer_number_trgm_idx').using('gin', t.customerNumber.op('gin_trgm_ops')),
    index('companies_city_trgm_idx').using('gin', t.city.op('gin_trgm_ops')),
  ],
)

/** The production lines a company may order from. */
export const companyLines = pgTable(
  'company_lines',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    lineId: integer('line_id')
      .notNull()
      .references(() => productionLines.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.lineId] }), index('company_lines_line_id_idx').on(t.lineId)],
)

export type Company = typeof companies.$inferSelect
export type NewCompany = typeof companies.$inferInsert
export type CompanyLine = typeof companyLines.$inferSelect
