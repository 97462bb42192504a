import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgEnum, pgTable, primaryKey, serial, text, unique } from 'drizzle-orm/pg-core'
import { timestamptz, updatedAt } from './columns'
import { users } from './users'
import { TEXT_KINDS } from '../../../domain/catalogue'
import { REVIEW_STATES } from '../../../domain/review-state'

export { TEXT_KINDS }

/** Languages of the translation screens; 'master' holds the source texts. */
export const translationLanguages = pgTable('translation_languages', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  isMaster: boolean('is_master').notNull().default(false),
  position: integer('position').notNull().default(0),
})

export type TextKind = (typeof TEXT_KINDS)[number]
export const textKindEnum = pgEnum('text_kind', TEXT_KINDS)
/** docs/decisions/049: translated, needs_editing or approved. */
export const reviewStateEnum = pgEnum('review_state', REVIEW_STATES)

/** A translatable text, identified by a stable source key within its kind. */
export const texts = pgTable(
  'texts',
  {
    id: serial('id').primaryKey(),
    kind: textKindEnum('kind').notNull(),
    key: text('key').notNull(),
    description: text('description'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Bumped when the master text changes, so translations of an older revision show as stale.
    revision: integer('revision').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [unique('texts_kind_key_unique').on(t.kind, t.key)],
)

/** One text in one language; the source text itself is the row of language 'master'. */
export const translations = pgTable(
  'translations',
  {
    textId: integer('text_id')
      .notNull()
      .references(() => texts.id, { onDelete: 'cascade' }),
    languageCode: text('language_code')
      .notNull()
      .references(() => translationLanguages.code),
    value: text('value').notNull(),
    // The master revision this value was written against.
    revision: integer('revision').notNull().default(1),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
    // The review of this very value (docs/decisions/049): every write of the value sets it back
    // to translated. Reviews leave updated_at alone, so a review is no change a save conflicts with.
    reviewState: reviewStateEnum('review_state').notNull().default('translated'),
    reviewedByUserId: integer('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamptz('reviewed_at'),
  },
  (t) => [primaryKey({ columns: [t.textId, t.languageCode] }), index('translations_language_code_idx').on(t.languageCode)],
)

export type TranslationLanguage = typeof translationLanguages.$inferSelect
export type Text = typeof texts.$inferSelect
export type NewText = typeof texts.$inferInsert
export type Translation = typeof translations.$inferSelect
export type NewTranslation = typeof translations.$inferInsert
