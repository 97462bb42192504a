import { and, asc, count, desc, eq, like, ne } from 'drizzle-orm'
import { expect } from 'vitest'
import { auditLog, companies, companyTree } from '../../src/server/db/schema/index'
import { DEMO_COMPANY_IDS } from '../../src/server/seed/demo-accounts'
import type { TestApi } from '../helpers/api'

// Reads of the company tree for the change-parent and company-create tests.
export type TreeRow = { id: number; parentId: number | null; path: string; depth: number; name1: string }

export async function treeRows(api: TestApi): Promise<TreeRow[]> {
  return api.database.db
    .select({ id: companies.id, parentId: companies.parentId, path: companyTree.path, depth: companyTree.depth, name1: companies.name1 })
    .from(companies)
    .innerJoin(companyTree, eq(companyTree.companyId, companies.id))
    .orderBy(asc(companies.id))
}

export async function rowOf(api: TestApi, id: number): Promise<TreeRow> {
  const [row] = (await treeRows(api)).filter((candidate) => candidate.id === id)
  if (!row) throw new Error(`no company ${id}`)
  return row
}

/** Every company's path is its parent's path plus its id, its depth one more — the whole tree, no cycle. */
export async function expectConsistentTree(api: TestApi): Promise<void> {
  const rows = await treeRows(api)
  // Every company has its row in company_tree (treeRows joins it).
  expect(rows.length).toBe(await companyCount(api))
  const byId = new Map(rows.map((row) => [row.id, row]))
  const wrong = rows.filter((row) => {
    const parent = row.parentId === null ? null : byId.get(row.parentId)
    const path = parent ? `${parent.path}${row.id}/` : `/${row.id}/`
    const depth = parent ? parent.depth + 1 : 0
    return row.path !== path || row.depth !== depth
  })
  expect(wrong).toEqual([])
}

/** A dealer beside the demo dealer (under the supplier) and a company below it. */
export async function siblingDealer(api: TestApi): Promise<{ id: number; childId: number }> {
  const [dealer] = await api.database.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.parentId, DEMO_COMPANY_IDS.supplier), eq(companies.companyType, 'D'), ne(companies.id, DEMO_COMPANY_IDS.dealer)))
    .orderBy(asc(companies.id))
    .limit(1)
  if (!dealer) throw new Error('no sibling dealer in the seed')
  const [child] = await api.database.db.select({ id: companies.id }).from(companies).where(eq(companies.parentId, dealer.id)).limit(1)
  if (!child) throw new Error('the sibling dealer has no sub-company')
  return { id: dealer.id, childId: child.id }
}

/** Direct children of a company, by id. */
export async function childrenOf(api: TestApi, id: number): Promise<number[]> {
  const rows = await api.database.db.select({ id: companies.id }).from(companies).where(eq(companies.parentId, id)).orderBy(asc(companies.id))
  return rows.map((row) => row.id)
}

export async function subtreeSize(api: TestApi, path: string): Promise<number> {
  const [row] = await api.database.db
    .select({ n: count() })
    .from(companyTree)
    .where(like(companyTree.path, `${path}%`))
  return row?.n ?? 0
}

export async function auditEntries(api: TestApi, action: string) {
  return api.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id))
}

export async function companyCount(api: TestApi): Promise<number> {
  const [row] = await api.database.db.select({ n: count() }).from(companies)
  return row?.n ?? 0
}
