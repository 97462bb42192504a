import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { timestamptz } from './columns'
import { texts, translationLanguages } from './translation'
import { users } from './users'

/**
 * Every saved change of a text in one language (decision 038), the master
 * text's changes too. `after` null: the translation was removed; `before` null: there was none.
 * before = after: a translator confirmed the value against a newer master revision.
 */
export const translationHistory = pgTable(
  'translation_history',
  {
    id: serial('id').primaryKey(),
    textId: integer('text_id')
      .notNull()
      .references(() => texts.id, { onDelete: 'cascade' }),
    languageCode: text('language_code')
      .notNull()
      .references(() => translationLanguages.code),
    before: text('before'),
    after: text('after'),
    // The master revision the new value was written against.
    revision: integer('revision').notNull(),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    // Copied when written, so an entry still names its author after the user is deleted.
    byUsername: text('by_username'),
    byName: text('by_name'),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [index('translation_history_text_language_idx').on(t.textId, t.languageCode, t.at.desc(), t.id.desc())],
)

export type TranslationHistoryEntry = typeof translationHistory.$inferSelect
export type NewTranslationHistoryEntry = typeof translationHistory.$inferInsert
