import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import { priceLogEndpoint } from '../../../contract/price-logs'
import { PRICE_ROW_SORTS } from '../../../domain/price-logs'
import { m } from '../../../paraglide/messages'
import { priceLogRows, priceLogs } from '../../db/schema/index'
import { notFound } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'
import { pageWindow } from '../../endpoint/paging.server'
import { blockRowsPage, logBlocks } from './log-blocks.server'
import { priceLogScope } from './log-scope.server'
import { entryOf, logSelection } from './logs.server'

// GET /vue/price/log/{id}/: the log and one page of its rows, in file order unless sorted.
// The sorts by column name: price_log_rows and the rows read from blocks name them alike.
const ROW_ORDER: Record<(typeof PRICE_ROW_SORTS)[number], SQL> = {
  type: sql`lower(type)`,
  item_number: sql`item_number`,
  quantity: sql`quantity`,
  item_price: sql`item_price`,
  oprice: sql`oprice`,
  price: sql`price`,
}

export const priceLogDetail = implement(priceLogEndpoint, async ({ db, caller: known, input, pastEnd }) => {
  const { id } = input.params
  const [found] = await logSelection(db)
    .where(and(eq(priceLogs.id, id), priceLogScope(known)))
    .limit(1)
  // Out of scope answers like unknown, so log ids of other companies cannot be probed.
  if (!found) throw notFound((locale) => m.price_log_not_found({ id: String(id) }, { locale }))
  const { query } = input
  const { pages, offset } = pageWindow(found.rows, query.number_per_page, query.page, pastEnd)
  const key = PRICE_ROW_SORTS.find((name) => name === query.sort?.replace(/^-/, ''))
  const direction = query.sort?.startsWith('-') ? sql`desc nulls last` : sql`asc nulls last`
  // An upload's rows are stored in blocks (log-blocks.server.ts); older logs and baskets' in rows.
  const blocks = await logBlocks(db, id)
  if (blocks.length > 0) {
    const order = key ? sql`${ROW_ORDER[key]} ${direction}, id` : null
    const rows = await blockRowsPage(db, id, blocks, { offset, limit: query.number_per_page, order })
    return { log: entryOf(found), rows, pages, no_of_rows: found.rows }
  }
  const order = key ? [sql`${ROW_ORDER[key]} ${direction}`, asc(priceLogRows.id)] : [asc(priceLogRows.id)]
  const rows = await db
    .select()
    .from(priceLogRows)
    .where(eq(priceLogRows.priceLogId, id))
    .orderBy(...order)
    .limit(query.number_per_page)
    .offset(offset)
  return {
    log: entryOf(found),
    rows: rows.map((row) => ({
      type: row.type,
      item_number: row.itemNumber,
      quantity: row.quantity,
      width: row.width,
      height: row.height,
      depth: row.depth,
      discount: row.discount,
      item_price: row.itemPrice,
      oprice: row.oprice,
      price: row.price,
    })),
    pages,
    no_of_rows: found.rows,
  }
})
