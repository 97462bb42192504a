import { eq, isNull, or, type SQL } from 'drizzle-orm'
import type { Caller } from '../../auth/caller.server'
import { inSubtree } from '../../auth/subtree.server'
import { priceLogs } from '../../db/schema/index'

// Which price logs a caller sees: those of companies in scope; logs without a company
// (price-list uploads) belong to the supplier, so only callers of the root company see them.
export function priceLogScope(caller: Caller): SQL | undefined {
  const companyScope = caller.groups.includes('IS_DEALER_ADMIN')
    ? inSubtree(priceLogs.companyId, caller.companyPath)
    : eq(priceLogs.companyId, caller.companyId)
  return caller.companyIsRoot ? or(isNull(priceLogs.companyId), companyScope) : companyScope
}
