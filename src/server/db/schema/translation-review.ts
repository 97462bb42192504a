import { sql } from 'drizzle-orm'
import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { timestamptz } from './columns'
import { reviewStateEnum, texts, translationLanguages } from './translation'
import { users } from './users'

// Review, discussion, a shared memory and claims on open texts: a team of translators and
// reviewers on the desk (docs/decisions/049).

/** Every review: a text in one language approved or sent back, with the stamp of the value reviewed. */
export const translationReviews = pgTable(
  'translation_reviews',
  {
    id: serial('id').primaryKey(),
    textId: integer('text_id')
      .notNull()
      .references(() => texts.id, { onDelete: 'cascade' }),
    languageCode: text('language_code')
      .notNull()
      .references(() => translationLanguages.code),
    state: reviewStateEnum('state').notNull(),
    // translations.updated_at of the value reviewed.
    valueStamp: timestamptz('value_stamp').notNull(),
    comment: text('comment'),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    byUsername: text('by_username'),
    byName: text('by_name'),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [index('translation_reviews_text_language_idx').on(t.textId, t.languageCode), index('translation_reviews_at_idx').on(t.at)],
)

/** A comment on a text in one language: plain text, its author's names copied in. */
export const translationComments = pgTable(
  'translation_comments',
  {
    id: serial('id').primaryKey(),
    textId: integer('text_id')
      .notNull()
      .references(() => texts.id, { onDelete: 'cascade' }),
    languageCode: text('language_code')
      .notNull()
      .references(() => translationLanguages.code),
    body: text('body').notNull(),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    byUsername: text('by_username'),
    byName: text('by_name'),
    // Chosen by the client when the comment is written (offline too): a comment sent twice is stored once.
    clientId: text('client_id'),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [
    index('translation_comments_text_language_idx').on(t.textId, t.languageCode, t.at),
    uniqueIndex('translation_comments_client_id_unique').on(t.byUserId, t.clientId),
  ],
)

/** A translation unit of an imported TMX file: the team's shared memory. */
export const translationMemoryUnits = pgTable(
  'translation_memory_units',
  {
    id: serial('id').primaryKey(),
    sourceLanguageCode: text('source_language_code')
      .notNull()
      .references(() => translationLanguages.code),
    targetLanguageCode: text('target_language_code')
      .notNull()
      .references(() => translationLanguages.code),
    source: text('source').notNull(),
    target: text('target').notNull(),
    // The name of the file it came from.
    origin: text('origin').notNull(),
    // The TMX's own creationdate, changedate and creationid, where it has them.
    createdAt: timestamptz('created_at'),
    changedAt: timestamptz('changed_at'),
    createdBy: text('created_by'),
    importedByUserId: integer('imported_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    importedAt: timestamptz('imported_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('translation_memory_units_pair_unique').on(t.sourceLanguageCode, t.targetLanguageCode, sql`md5(${t.source})`, sql`md5(${t.target})`),
    index('translation_memory_units_imported_at_idx').on(t.sourceLanguageCode, t.targetLanguageCode, t.id),
  ],
)

/** Who has which text open in a language: advisory, renewed while the editor is open. */
export const textClaims = pgTable(
  'text_claims',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    languageCode: text('language_code')
      .notNull()
      .references(() => translationLanguages.code),
    textId: integer('text_id')
      .notNull()
      .references(() => texts.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.languageCode] }), index('text_claims_text_idx').on(t.textId, t.languageCode)],
)

export type TranslationReview = typeof translationReviews.$inferSelect
export type NewTranslationReview = typeof translationReviews.$inferInsert
export type TranslationComment = typeof translationComments.$inferSelect
export type NewTranslationComment = typeof translationComments.$inferInsert
export type TranslationMemoryUnit = typeof translationMemoryUnits.$inferSelect
export type NewTranslationMemoryUnit = typeof translationMemoryUnits.$inferInsert
