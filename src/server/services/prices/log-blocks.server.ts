import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { priceDetailRow, type PriceDetailRow } from '../../../contract/price-logs'
import type { Db } from '../../db/types'

// An upload's log rows, stored a thousand lines of the file to a block (price_log_row_blocks in
// the schema; decision 033), read back as the rows the log detail shows.

/** Lines of the file per block: block `n` holds lines `n * 1000` to `n * 1000 + 999`. */
export const PRICE_LOG_BLOCK_LINES = 1000

/** The rows of one log's blocks, with the columns and names of price_log_rows. */
export function blockRows(logId: number): SQL {
  return sql`
    select u.line as id, u.type, u.item_number, 1 as quantity, 0 as width, 0 as height, 0 as depth,
           0::numeric(5, 2) as discount, u.price as item_price, u.oprice, u.price
      from price_log_row_blocks b
     cross join lateral unnest(b.lines, b.types, b.item_numbers, b.prices, b.oprices) as u(line, type, item_number, price, oprice)
     where b.price_log_id = ${logId}`
}

const blockCount = z.object({ block: z.coerce.number().int(), count: z.coerce.number().int() })

/** Each block of the log with how many rows it holds, in file order; empty for a log without blocks. */
export async function logBlocks(db: Db, logId: number): Promise<Array<z.infer<typeof blockCount>>> {
  const result = await db.execute(sql`select block, count from price_log_row_blocks where price_log_id = ${logId} order by block`)
  return z.object({ rows: z.array(blockCount) }).parse(result).rows
}

/**
 * The blocks that hold rows `offset` to `offset + limit - 1` (counted in file order) and how
 * many of their rows come before that window, so a page reads only its own blocks.
 */
export function blocksOfWindow(blocks: ReadonlyArray<{ block: number; count: number }>, offset: number, limit: number): { blocks: number[]; skip: number } {
  const chosen: number[] = []
  let before = 0
  let skip = 0
  for (const { block, count } of blocks) {
    const after = before + count
    if (count > 0 && after > offset && before < offset + limit) {
      if (chosen.length === 0) skip = offset - before
      chosen.push(block)
    }
    if (after >= offset + limit) break
    before = after
  }
  return { blocks: chosen, skip }
}

// The contract's row; the database hands the numbers over as it stores them (int or bigint text).
const storedRow = priceDetailRow.extend({
  quantity: z.coerce.number().int(),
  width: z.coerce.number().int(),
  height: z.coerce.number().int(),
  depth: z.coerce.number().int(),
})

/** One page of a log's block rows: in file order from only the blocks it needs, or sorted. */
export async function blockRowsPage(
  db: Db,
  logId: number,
  blocks: ReadonlyArray<{ block: number; count: number }>,
  window: { offset: number; limit: number; order: SQL | null },
): Promise<PriceDetailRow[]> {
  const { offset, limit, order } = window
  let query: SQL
  if (order) {
    query = sql`select * from (${blockRows(logId)}) r order by ${order} limit ${limit} offset ${offset}`
  } else {
    const part = blocksOfWindow(blocks, offset, limit)
    if (part.blocks.length === 0) return []
    const first = part.blocks[0]!
    const last = part.blocks.at(-1)!
    query = sql`select * from (${blockRows(logId)} and b.block between ${first} and ${last}) r order by id limit ${limit} offset ${part.skip}`
  }
  const result = await db.execute(query)
  return z.object({ rows: z.array(storedRow) }).parse(result).rows
}
