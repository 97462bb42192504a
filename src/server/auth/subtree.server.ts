import { sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { companyTree } from '../db/schema/index'

/**
 * `companyId` names a company at or below `path` ('/1/5/' → 5 and everything under it). The
 * paths live in company_tree (decision 029), so a list scoped to a subtree asks it, one scan of
 * its path index, instead of joining it for a column the list never shows.
 */
export function inSubtree(companyId: AnyPgColumn, path: string): SQL {
  return sql`${companyId} in (select ${companyTree.companyId} from ${companyTree} where ${companyTree.path} like ${`${path}%`})`
}
