import { and, eq, like, ne } from 'drizzle-orm'
import { companies, companyTree } from '../../src/server/db/schema/index'
import { DEMO_COMPANY_IDS } from '../../src/server/seed/demo-accounts'
import type { TestApi } from '../helpers/api'

// Companies the tree tests add below a parent: the path is the parent's plus the new id.
export async function addCompany(api: TestApi, parentId: number, fields: { name1: string; city?: string; customerNumber?: string }): Promise<number> {
  const db = api.database.db
  const [parent] = await db.select({ path: companyTree.path, depth: companyTree.depth }).from(companyTree).where(eq(companyTree.companyId, parentId))
  if (!parent) throw new Error(`no parent ${parentId}`)
  const [row] = await db
    .insert(companies)
    .values({
      parentId,
      name1: fields.name1,
      address1: 'Teststraße 1',
      zip: '70173',
      city: fields.city ?? 'Teststadt',
      country: 'DE',
      customerNumber: fields.customerNumber ?? null,
    })
    .returning({ id: companies.id })
  if (!row) throw new Error('company not inserted')
  await db.insert(companyTree).values({ companyId: row.id, path: `${parent.path}${row.id}/`, depth: parent.depth + 1 })
  return row.id
}

export async function pathOf(api: TestApi, id: number): Promise<string> {
  const [row] = await api.database.db.select({ path: companyTree.path }).from(companyTree).where(eq(companyTree.companyId, id))
  if (!row) throw new Error(`no company ${id}`)
  return row.path
}

/** A company of another dealer below the supplier: out of the demo dealer's scope. */
export async function siblingDealerCompany(api: TestApi): Promise<{ id: number; name1: string; city: string }> {
  const [sibling] = await api.database.db
    .select({ id: companies.id, name1: companies.name1, city: companies.city })
    .from(companies)
    .where(and(eq(companies.parentId, DEMO_COMPANY_IDS.supplier), eq(companies.companyType, 'D'), ne(companies.id, DEMO_COMPANY_IDS.dealer)))
    .limit(1)
  if (!sibling) throw new Error('no sibling dealer')
  return sibling
}

/** A company two levels below the given one. */
export async function grandchildOf(api: TestApi, id: number): Promise<{ id: number; name1: string; city: string; path: string }> {
  const path = await pathOf(api, id)
  const [row] = await api.database.db
    .select({ id: companies.id, name1: companies.name1, city: companies.city, path: companyTree.path })
    .from(companies)
    .innerJoin(companyTree, eq(companyTree.companyId, companies.id))
    .where(like(companyTree.path, `${path}%/%/`))
    .limit(1)
  if (!row) throw new Error(`no grandchild of ${id}`)
  return row
}
