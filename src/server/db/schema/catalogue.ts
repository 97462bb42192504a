import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgEnum, pgTable, serial, text, unique, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { texts } from './translation'
import { CATALOGUE_NODE_KINDS, UNIT_GROUP_KINDS, UNIT_ITEM_KINDS } from '../../../domain/catalogue'

export { CATALOGUE_NODE_KINDS, UNIT_GROUP_KINDS, UNIT_ITEM_KINDS }

export type CatalogueNodeKind = (typeof CATALOGUE_NODE_KINDS)[number]
export const catalogueNodeKindEnum = pgEnum('catalogue_node_kind', CATALOGUE_NODE_KINDS)

/** Catalogues, their categories and articles as one tree (spec: Catalog). */
export const catalogueNodes = pgTable(
  'catalogue_nodes',
  {
    id: serial('id').primaryKey(),
    // The root node of the catalogue this node belongs to; null for the roots themselves.
    catalogueId: integer('catalogue_id').references((): AnyPgColumn => catalogueNodes.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => catalogueNodes.id, { onDelete: 'cascade' }),
    kind: catalogueNodeKindEnum('kind').notNull(),
    name: text('name').notNull(),
    labelTextId: integer('label_text_id').references(() => texts.id, { onDelete: 'set null' }),
    image: text('image'),
    // Path inside the catalogue, e.g. 'kitchen-fronts/handles'; the routes' {path}.
    url: text('url').notNull(),
    t9nTags: text('t9n_tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('catalogue_nodes_parent_id_idx').on(t.parentId), unique('catalogue_nodes_catalogue_url_unique').on(t.catalogueId, t.url)],
)

export type UnitGroupKind = (typeof UNIT_GROUP_KINDS)[number]
export const unitGroupKindEnum = pgEnum('unit_group_kind', UNIT_GROUP_KINDS)

export type UnitItemKind = (typeof UNIT_ITEM_KINDS)[number]
export const unitItemKindEnum = pgEnum('unit_item_kind', UNIT_ITEM_KINDS)

/** Extra attributes of a unit as the article view shows them (label flagged t9n, value, …). */
export type ArticleUnitProps = {
  t9n?: boolean
  val?: string
  unit?: string
  min?: number
  max?: number
  /** Text keys (kind article_unit) of the choices of a combobox. */
  options?: string[]
  /** The rule of a logic command, kept verbatim. */
  command?: string
}

/** Translatable units of an article: groups hold items, items carry the texts. */
export const articleUnits = pgTable(
  'article_units',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => catalogueNodes.id, { onDelete: 'cascade' }),
    tid: text('tid').notNull(),
    parentUnitId: integer('parent_unit_id').references((): AnyPgColumn => articleUnits.id, { onDelete: 'cascade' }),
    groupKind: unitGroupKindEnum('group_kind'),
    itemKind: unitItemKindEnum('item_kind'),
    textId: integer('text_id').references(() => texts.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    props: jsonb('props').$type<ArticleUnitProps>().notNull().default({}),
  },
  (t) => [
    unique('article_units_article_tid_unique').on(t.articleId, t.tid),
    index('article_units_parent_unit_id_idx').on(t.parentUnitId),
    // A unit is either a group or an item, never both or neither.
    check('article_units_group_xor_item', sql`(${t.groupKind} is null) <> (${t.itemKind} is null)`),
  ],
)

export type CatalogueNode = typeof catalogueNodes.$inferSelect
export type NewCatalogueNode = typeof catalogueNodes.$inferInsert
export type ArticleUnit = typeof articleUnits.$inferSelect
export type NewArticleUnit = typeof articleUnits.$inferInsert
