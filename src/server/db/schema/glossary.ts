import { sql } from 'drizzle-orm'
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'
import { translationLanguages } from './translation'
import { users } from './users'

/**
 * The translators' glossary (decision 038): how a term of the source texts is
 * translated into one language, with a note. One entry per term (letter case aside), source and
 * target language.
 */
export const glossaryTerms = pgTable(
  'glossary_terms',
  {
    id: serial('id').primaryKey(),
    sourceLanguageCode: text('source_language_code')
      .notNull()
      .default('master')
      .references(() => translationLanguages.code),
    term: text('term').notNull(),
    languageCode: text('language_code')
      .notNull()
      .references(() => translationLanguages.code),
    translation: text('translation').notNull(),
    note: text('note'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('glossary_terms_term_unique').on(t.sourceLanguageCode, sql`lower(${t.term})`, t.languageCode),
    index('glossary_terms_language_code_idx').on(t.languageCode),
  ],
)

export type GlossaryTermRow = typeof glossaryTerms.$inferSelect
export type NewGlossaryTerm = typeof glossaryTerms.$inferInsert
