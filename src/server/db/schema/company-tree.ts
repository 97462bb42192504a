import { index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core'
import { companies } from './companies'

// Each company's place in the tree, apart from its wide row (decision 029): a move rewrites the
// path of a whole subtree, and here that is 20,000 narrow rows with two indexes instead of
// 20,000 company rows whose every index (three trigram GIN among them) would get new entries.
// The parent stays in companies.parent_id (the children lists read it with the name).
export const companyTree = pgTable(
  'company_tree',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // Materialized path of ids ('/1/5/23/'): a subtree is `path LIKE '/1/5/%'`, one index scan.
    path: text('path').notNull(),
    depth: smallint('depth').notNull(),
  },
  // text_pattern_ops lets the planner use the index for LIKE 'prefix%' in any collation.
  (t) => [index('company_tree_path_idx').on(t.path.op('text_pattern_ops'))],
)

export type CompanyTreeRow = typeof companyTree.$inferSelect
