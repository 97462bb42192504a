import { and, asc, count, eq, ne, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { setParentEndpoint, setParentReadEndpoint, type ParentNode } from '../../../contract/company-parent'
import { PARENT_CHOICES_PAGE } from '../../../domain/company-fields'
import { m } from '../../../paraglide/messages'
import { requireCompanyInScope } from '../../auth/guards.server'
import { companies } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { notFound } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'
import { timeJob } from '../../ops/jobs.server'
import { moveCompany, refuseCycle, refuseOwnCompany, subtreeCounts } from './move-company.server'
import { pair } from '../../../domain/id-name-pair'

// GET /vue/company/{id}/set-parent/: the possible parents, lazily (decision 029). The caller's
// scope may hold 100,000 companies, so the default answer is its top — the caller's own company,
// expanded one level — and ?node= answers one node's children, a page at a time. The company
// itself is never among them, so nothing below it is reachable either.
export const setParentRead = implement(setParentReadEndpoint, async ({ db, caller, company, input, nowMs }) => {
  refuseOwnCompany(caller, company.id)
  const parentRow = alias(companies, 'parent')
  const [row] = await db
    .select({ name1: companies.name1, parentId: companies.parentId, parentName: parentRow.name1 })
    .from(companies)
    .leftJoin(parentRow, eq(parentRow.id, companies.parentId))
    .where(eq(companies.id, company.id))
  if (!row) throw notFound((locale) => m.error_company_not_found({}, { locale }))
  const moved = { id: company.id, path: company.path, name1: row.name1 }
  const { node, offset } = input.query
  const base = {
    company: pair(company.id, row.name1),
    current: row.parentId !== null && row.parentName !== null ? pair(row.parentId, row.parentName) : null,
    offset,
    moves_along: await subtreeCounts(db, company.path),
  }
  if (node !== undefined) {
    // A node out of scope is a 403 before it is looked up; one below the company has no choices.
    const { path } = await requireCompanyInScope(db, caller, node, nowMs)
    const [named] = await db.select({ name1: companies.name1 }).from(companies).where(eq(companies.id, node))
    refuseCycle(moved, { id: node, path, name1: named?.name1 ?? '' })
    const { children, total } = await childrenOf(db, node, company.id, offset)
    return { ...base, node, children, total }
  }
  const [top] = await db.select({ id: companies.id, name1: companies.name1, city: companies.city }).from(companies).where(eq(companies.id, caller.companyId))
  if (!top) throw notFound((locale) => m.error_company_not_found({}, { locale }))
  const { children, total } = await childrenOf(db, top.id, company.id, offset)
  const root: ParentNode = { ...top, has_children: total > 0, expanded: true, children }
  return { ...base, node: top.id, children: [root], total }
})

/** One page of a node's children (by name), without the company being moved. */
async function childrenOf(db: Db, nodeId: number, movedId: number, offset: number): Promise<{ children: ParentNode[]; total: number }> {
  const where = and(eq(companies.parentId, nodeId), ne(companies.id, movedId))
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: companies.id,
        name1: companies.name1,
        city: companies.city,
        // Written out: inside the subquery a bare column name would be the inner table's.
        has_children: sql<boolean>`exists (select 1 from companies k where k.parent_id = "companies"."id" and k.id <> ${movedId}::int)`,
      })
      .from(companies)
      .where(where)
      .orderBy(asc(companies.name1), asc(companies.id))
      .limit(PARENT_CHOICES_PAGE)
      .offset(offset),
    db.select({ total: count() }).from(companies).where(where),
  ])
  return { children: rows.map((child) => ({ ...child, expanded: false, children: [] })), total: counted?.total ?? 0 }
}

// POST /vue/company/{id}/set-parent/ with `parent` (form field or JSON).
export const setParent = implement(setParentEndpoint, async ({ db, caller, company, input, nowMs }) =>
  timeJob('company_move', () => moveCompany(db, caller, company.id, input.body.parent, nowMs)),
)
