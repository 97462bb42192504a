import { and, asc, eq, like, not } from 'drizzle-orm'
import { companies, companyTree } from '../../src/server/db/schema/index'
import type { TestApi } from './api'

// Companies outside a dealer admin's scope, for the tests of 403 answers in several areas.

/** A company below a sibling of the dealer (another dealer under the supplier), outside its scope. */
export async function siblingDealerCompany(api: TestApi, dealerId: number, supplierId: number): Promise<number> {
  const { db } = api.database
  const [dealer] = await db.select({ path: companyTree.path }).from(companyTree).where(eq(companyTree.companyId, dealerId))
  const [sibling] = await db
    .select({ id: companies.id, path: companyTree.path })
    .from(companies)
    .innerJoin(companyTree, eq(companyTree.companyId, companies.id))
    .where(and(eq(companies.parentId, supplierId), eq(companies.companyType, 'D'), not(eq(companies.id, dealerId))))
    .orderBy(asc(companies.id))
    .limit(1)
  if (!sibling || !dealer) throw new Error('no sibling dealer in the demo data')
  const [below] = await db
    .select({ id: companyTree.companyId })
    .from(companyTree)
    .where(and(like(companyTree.path, `${sibling.path}%`), not(like(companyTree.path, `${dealer.path}%`))))
    .orderBy(asc(companyTree.depth), asc(companyTree.companyId))
    .limit(2)
  return below?.id ?? sibling.id
}
