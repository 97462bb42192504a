import { boolean, integer, pgEnum, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { CHOICE_KINDS } from '../../../domain/company-types'

export { CHOICE_KINDS }

/** Countries offered in address forms; the code is the ISO 3166-1 alpha-2 code. */
export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  nameDe: text('name_de').notNull(),
  nameEn: text('name_en').notNull(),
  position: integer('position').notNull().default(0),
})

export type ChoiceKind = (typeof CHOICE_KINDS)[number]
export const choiceKindEnum = pgEnum('choice_kind', CHOICE_KINDS)

/** The company choice fields: pairs of code and label with a _default. */
export const choiceOptions = pgTable(
  'choice_options',
  {
    kind: choiceKindEnum('kind').notNull(),
    code: text('code').notNull(),
    labelDe: text('label_de').notNull(),
    labelEn: text('label_en').notNull(),
    position: integer('position').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.code] }),
    // At most one _default per choice list.
    uniqueIndex('choice_options_one_default_idx')
      .on(t.kind)
      .where(sql`${t.isDefault}`),
  ],
)

export type Country = typeof countries.$inferSelect
export type ChoiceOption = typeof choiceOptions.$inferSelect
