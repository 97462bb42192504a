import { eq, inArray, like, sql } from 'drizzle-orm'
import { m } from '../../../paraglide/messages'
import type { Caller } from '../../auth/caller.server'
import { isPathInScope, requireCompanyInScope } from '../../auth/guards.server'
import { forgetCompanies } from '../../cache/company-cache.server'
import { auditLog, companies, companyTree, users } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { forgetCallers } from '../../endpoint/access.server'
import { conflict, forbidden, notFound } from '../../endpoint/errors.server'
import { auditEntry, lockTreeForMove } from './tree-lock.server'
import { pair } from '../../../domain/id-name-pair'

// Moving a company with everything below it under another parent (decision 029). The endpoint
// (POST /vue/company/{id}/set-parent/) and bench/companies-move.ts both call moveCompany.
export type MoveResult = {
  company: [number, string]
  parent: [number, string]
  changed: boolean
  moved: { sub_companies: number; users: number }
}

type TreeRow = { id: number; parentId: number | null; path: string; depth: number; name1: string }

/** The caller's own company cannot be moved: its parent lies outside the caller's scope. */
export function refuseOwnCompany(caller: Pick<Caller, 'companyId'>, companyId: number): void {
  if (companyId === caller.companyId) throw forbidden((locale) => m.change_parent_own_company({}, { locale }))
}

/** A parent below the moved company (or the company itself) would make a cycle. */
export function refuseCycle(company: Pick<TreeRow, 'id' | 'path' | 'name1'>, parent: Pick<TreeRow, 'id' | 'path' | 'name1'>): void {
  if (parent.id === company.id) throw conflict((locale) => m.change_parent_under_itself({}, { locale }))
  if (parent.path.startsWith(company.path))
    throw conflict((locale) => m.change_parent_under_descendant({ company: company.name1, parent: parent.name1 }, { locale }))
}

/** The companies below a path (not counting the one at it) and the users of all of them. */
export async function subtreeCounts(db: Db, path: string): Promise<{ sub_companies: number; users: number }> {
  const subtree = like(companyTree.path, `${path}%`)
  const [[below], [people]] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(companyTree)
      .where(subtree),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .innerJoin(companyTree, eq(companyTree.companyId, users.companyId))
      .where(subtree),
  ])
  return { sub_companies: Math.max(0, (below?.count ?? 1) - 1), users: people?.count ?? 0 }
}

export async function moveCompany(db: Db, caller: Caller, companyId: number, parentId: number, nowMs: number): Promise<MoveResult> {
  refuseOwnCompany(caller, companyId)
  // The new parent must be in scope too: 403 before it is looked up.
  await requireCompanyInScope(db, caller, parentId, nowMs)
  const result = await db.transaction(async (tx) => {
    await lockTreeForMove(tx)
    // Read after the lock: no other move can change these paths until this one commits.
    const rows = await tx
      .select({ id: companies.id, parentId: companies.parentId, path: companyTree.path, depth: companyTree.depth, name1: companies.name1 })
      .from(companies)
      .innerJoin(companyTree, eq(companyTree.companyId, companies.id))
      .where(inArray(companies.id, [companyId, parentId, caller.companyId]))
    const byId = new Map(rows.map((row) => [row.id, row]))
    const company = byId.get(companyId)
    const parent = byId.get(parentId)
    const own = byId.get(caller.companyId)
    if (!company || !parent || !own) throw notFound((locale) => m.error_company_not_found({}, { locale }))
    // The scope again on fresh paths (the frame's check may have used a cached path).
    const scoped = { ...caller, companyPath: own.path }
    if (!isPathInScope(scoped, company.id, company.path) || !isPathInScope(scoped, parent.id, parent.path))
      throw forbidden((locale) => m.error_company_out_of_scope({}, { locale }))
    refuseCycle(company, parent)
    const pairs = { company: pair(company.id, company.name1), parent: pair(parent.id, parent.name1) }
    const moved = await subtreeCounts(tx, company.path)
    if (company.parentId === parent.id) return { ...pairs, changed: false, moved }
    const newPath = `${parent.path}${company.id}/`
    await moveSubtree(tx, company, parent, newPath)
    const details = { from: company.parentId, to: parent.id, old_path: company.path, new_path: newPath, ...moved }
    await tx.insert(auditLog).values(auditEntry(caller, 'set_parent', company.id, details, nowMs))
    return { ...pairs, changed: true, moved }
  })
  if (result.changed) {
    // Every path below the company changed: this server's cached paths, infos and callers go.
    await forgetCompanies(db)
    await forgetCallers(db)
  }
  return result
}

/**
 * One UPDATE of the narrow company_tree rows for the whole subtree (new path prefix and depth),
 * then the company's new parent in its own row: the wide company rows below stay untouched.
 */
async function moveSubtree(tx: Db, company: TreeRow, parent: TreeRow, newPath: string): Promise<void> {
  const delta = parent.depth + 1 - company.depth
  await tx
    .update(companyTree)
    .set({
      path: sql`${newPath}::text || substr(${companyTree.path}, ${company.path.length + 1}::int)`,
      depth: sql`${companyTree.depth} + ${delta}::int`,
    })
    .where(like(companyTree.path, `${company.path}%`))
  await tx.update(companies).set({ parentId: parent.id }).where(eq(companies.id, company.id))
}
