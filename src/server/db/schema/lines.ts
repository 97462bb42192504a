import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core'

/** Production lines a company can order from (spec: lines, line_choices, last_line). */
export const productionLines = pgTable('production_lines', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
})

/** Materials per line, shown in the select-line material list and the material overview. */
export const materials = pgTable(
  'materials',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => productionLines.id, { onDelete: 'cascade' }),
    material: text('material').notNull(),
    prodname: text('prodname').notNull(),
    // Pipe-separated millimetre values as the legacy API sends them, e.g. '16|19|25'.
    thicknesses: text('thicknesses').notNull().default(''),
    texture: text('texture').notNull().default(''),
  },
  (t) => [index('materials_line_id_idx').on(t.lineId)],
)

export type ProductionLine = typeof productionLines.$inferSelect
export type Material = typeof materials.$inferSelect
