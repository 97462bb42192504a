import { and, asc, desc, eq, gt, like, lte, sql, type SQL } from 'drizzle-orm'
import { ORDER_SORTS, basketListEndpoint, type BasketListQuery, type OrderSort } from '../../../contract/orders'
import { approveTabOf, type ApproveTab } from '../../../domain/basket-status'
import { inSubtree } from '../../auth/subtree.server'
import { baskets } from '../../db/schema/index'
import { containsPattern } from '../../db/like.server'
import type { Db } from '../../db/types'
import { implement } from '../../endpoint/implement.server'
import { pageWindow } from '../../endpoint/paging.server'
import { basketPage } from './list-page.server'

// GET /vue/basket/list/: the baskets in scope — all of them (the spec's call), or one tab and
// page — filtered and sorted on the server, so a list of 10,000 baskets answers as fast as one
// of 100 when paged. The counts and the page come in one prepared statement (list-page.server.ts);
// a preselected basket (`order`) first finds its tab and page.
const SORT_COLUMNS: Record<OrderSort, SQL | typeof baskets.basketNumber> = {
  basket_number: baskets.basketNumber,
  created: sql`${baskets.created}`,
  last_status_update: sql`${baskets.lastStatusUpdate}`,
  status: sql`${baskets.status}`,
  customer: sql`lower(${baskets.customer})`,
  name1: sql`lower(${baskets.billingName1})`,
}

function tabCondition(tab: ApproveTab | null): SQL | undefined {
  if (tab === null) return undefined
  if (tab === 'open') return lte(baskets.status, 2)
  if (tab === 'in_process') return and(gt(baskets.status, 2), lte(baskets.status, 4))
  return gt(baskets.status, 4)
}

export const basketList = implement(basketListEndpoint, async ({ db, caller: known, company: { path }, input, pastEnd }) => {
  const { query } = input
  const dealerAdmin = known.groups.includes('IS_DEALER_ADMIN')
  const number = query.number.trim().replace(/^0+/, '')
  const selected = query.order ? await findSelected(db, dealerAdmin ? { path } : { companyId: known.companyId }, number, query) : null
  const tab = selected?.tab ?? query.tab ?? null
  const asked = selected?.page ?? query.page
  const readPage = (page: number) =>
    basketPage(db, {
      scope: dealerAdmin ? { path } : { companyId: known.companyId },
      tab,
      number,
      sort: sortKey(query.sort),
      descending: query.sort.startsWith('-'),
      limit: query.number_per_page,
      offset: (page - 1) * query.number_per_page,
      userId: known.userId,
      actorUserId: known.actorUserId ?? known.userId,
    })
  const first = await readPage(asked)
  const tabCounts = first.counts
  const total = tab ? tabCounts[tab] : tabCounts.open + tabCounts.in_process + tabCounts.finished
  // A page past the last is a 404 that names the last page; our own screens get the last page.
  const { pages, page } = pageWindow(total, query.number_per_page, asked, pastEnd)
  const read = page === asked ? first : await readPage(page)
  return {
    orders: read.rows,
    counts: tabCounts,
    tab,
    page,
    pages,
    total,
    selected: selected?.number ?? null,
  }
})

/** The preselected basket's tab and the page it is on, when it is in scope and in the filter. */
async function findSelected(db: Db, scope: { path: string } | { companyId: number }, number: string, query: BasketListQuery) {
  const filter = and(
    'path' in scope ? inSubtree(baskets.companyId, scope.path) : eq(baskets.companyId, scope.companyId),
    number ? like(baskets.basketNumber, containsPattern(number)) : undefined,
  )
  const wanted = (query.order ?? '').trim().replace(/^0+/, '')
  const column = SORT_COLUMNS[sortKey(query.sort)]
  const order = query.sort.startsWith('-') ? [desc(column), desc(baskets.id)] : [asc(column), asc(baskets.id)]
  const [found] = await db
    .select({ status: baskets.status })
    .from(baskets)
    .where(and(filter, eq(baskets.basketNumber, wanted)))
    .limit(1)
  if (!found) return null
  const tab = approveTabOf(found.status)
  const ranked = db
    .select({ number: baskets.basketNumber, position: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})::int`.as('position') })
    .from(baskets)
    .where(and(filter, tabCondition(tab)))
    .as('ranked')
  const [row] = await db.select({ position: ranked.position }).from(ranked).where(eq(ranked.number, wanted))
  return { tab, page: Math.ceil((row?.position ?? 1) / query.number_per_page), number: wanted }
}

function sortKey(sort: string): OrderSort {
  return ORDER_SORTS.find((key) => key === sort.replace(/^-/, '')) ?? 'created'
}
