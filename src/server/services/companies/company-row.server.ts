import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { companies } from '../../db/schema/index'
import type { Db } from '../../db/types'

// One query for everything company info needs besides reference data: the row, the parent's
// name, whether it has children, its lines and the names along its path (breadcrumbs).
const idPairs = z.array(z.tuple([z.number().int(), z.string()]))

// Drizzle leaves columns unqualified in a one-table select, and inside a subquery an
// unqualified name binds to the inner table — so the outer row is named explicitly.
const outerId = sql.raw('"companies"."id"')
const outerParentId = sql.raw('"companies"."parent_id"')

export async function readCompanyRow(db: Db, companyId: number, crumbIds: ReadonlyArray<number>) {
  const ids = `{${crumbIds.join(',')}}`
  const [row] = await db
    .select({
      company: companies,
      parentName: sql<string | null>`(select p.name1 from companies p where p.id = ${outerParentId})`,
      hasChildren: sql<boolean>`exists (select 1 from companies c where c.parent_id = ${outerId})`,
      lines: sql<unknown>`coalesce((select json_agg(json_build_array(l.id, l.name) order by l.name)
        from company_lines cl join production_lines l on l.id = cl.line_id where cl.company_id = ${outerId}), '[]'::json)`,
      crumbs: sql<unknown>`coalesce((select json_agg(json_build_array(b.id, b.name1))
        from companies b where b.id = any(${ids}::int[])), '[]'::json)`,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1)
  if (!row) return null
  return { ...row, lines: idPairs.parse(row.lines), crumbs: idPairs.parse(row.crumbs) }
}
