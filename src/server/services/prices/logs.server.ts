import { and, asc, desc, eq, ilike, like, or, sql, type SQL } from 'drizzle-orm'
import { priceLogsEndpoint, type PriceLogEntry } from '../../../contract/price-logs'
import { PRICE_LOG_SORTS, decimalMarkOf, priceFilterPrefix, splitPriceLogFilters, type PriceLogFilters } from '../../../domain/price-logs'
import { m } from '../../../paraglide/messages'
import { companies, priceLogRowBlocks, priceLogRows, priceLogs, users } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { badRequest } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'
import { pageWindow } from '../../endpoint/paging.server'
import { containsPattern, escapeLike } from '../../db/like.server'
import { priceLogScope } from './log-scope.server'

// GET /vue/price/logs/: 20 per page, newest first by default, five free-text filters.
const contactName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`

const SORT_COLUMNS: Record<(typeof PRICE_LOG_SORTS)[number], SQL> = {
  date: sql`${priceLogs.date}`,
  kind: sql`${priceLogs.kind}::text`,
  basket_number: sql`${priceLogs.basketNumber}`,
  article_uid: sql`${priceLogs.articleUid}`,
  article_type: sql`${priceLogs.articleType}`,
  price: sql`${priceLogs.price}`,
  company: sql`lower(${companies.name1})`,
  contact: sql`lower(${users.lastName})`,
}

function filterConditions(filters: PriceLogFilters, locale: string): SQL[] {
  const conditions: Array<SQL | undefined> = [
    filters.article_uid ? ilike(priceLogs.articleUid, containsPattern(filters.article_uid)) : undefined,
    filters.contact ? or(ilike(contactName, containsPattern(filters.contact)), ilike(users.email, containsPattern(filters.contact))) : undefined,
    filters.company
      ? or(ilike(companies.name1, containsPattern(filters.company)), ilike(companies.customerNumber, containsPattern(filters.company)))
      : undefined,
    filters.order_number__contains ? like(priceLogs.basketNumber, containsPattern(filters.order_number__contains)) : undefined,
    // The start of the price, typed as the caller's language shows it ("1.275,25" in German,
    // "1,275.25" in English) or plainly: "12" finds 12.xx, "12,5" finds 12.5x.
    filters.price ? like(sql`${priceLogs.price}::text`, `${escapeLike(priceFilterPrefix(filters.price, decimalMarkOf(locale)))}%`) : undefined,
  ]
  return conditions.filter((condition): condition is SQL => condition !== undefined)
}

export function entryOf(row: { log: typeof priceLogs.$inferSelect; companyName: string | null; contactLabel: string | null; rows: number }): PriceLogEntry {
  const { log } = row
  return {
    id: log.id,
    date: log.date.toISOString(),
    kind: log.kind,
    basket_number: log.basketNumber,
    article_uid: log.articleUid,
    article_type: log.articleType,
    price: log.price,
    company: log.companyId === null ? null : [log.companyId, row.companyName ?? ''],
    contact: log.contactUserId === null ? null : [log.contactUserId, row.contactLabel ?? ''],
    rows: row.rows,
  }
}

export function logSelection(db: Db) {
  return db
    .select({
      log: priceLogs,
      companyName: companies.name1,
      contactLabel: contactName,
      // A log's rows are in rows (baskets, older uploads) or in blocks (uploads; log-blocks.server.ts).
      rows: sql<number>`((select count(*)::int from ${priceLogRows} where ${priceLogRows.priceLogId} = ${priceLogs.id})
        + (select coalesce(sum(${priceLogRowBlocks.count}), 0)::int from ${priceLogRowBlocks} where ${priceLogRowBlocks.priceLogId} = ${priceLogs.id}))`,
    })
    .from(priceLogs)
    .leftJoin(companies, eq(companies.id, priceLogs.companyId))
    .leftJoin(users, eq(users.id, priceLogs.contactUserId))
}

export const priceLogList = implement(priceLogsEndpoint, async ({ db, caller: known, input, locale, pastEnd }) => {
  const { query } = input
  const split = splitPriceLogFilters(query.filter)
  if ('problem' in split) throw badRequest((locale) => m.price_logs_bad_filter({ part: split.problem }, { locale }))
  const where = and(priceLogScope(known), ...filterConditions(split.filters, locale))
  const key = PRICE_LOG_SORTS.find((name) => name === query.sort.replace(/^-/, '')) ?? 'date'
  const column = SORT_COLUMNS[key]
  const order = query.sort.startsWith('-') ? [sql`${column} desc nulls last`, desc(priceLogs.id)] : [sql`${column} asc nulls last`, asc(priceLogs.id)]
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(priceLogs)
    .leftJoin(companies, eq(companies.id, priceLogs.companyId))
    .leftJoin(users, eq(users.id, priceLogs.contactUserId))
    .where(where)
  const total = counted?.count ?? 0
  const { pages, offset } = pageWindow(total, query.number_per_page, query.page, pastEnd)
  const rows = await logSelection(db)
    .where(where)
    .orderBy(...order)
    .limit(query.number_per_page)
    .offset(offset)
  return { pages, no_of_logs: total, entries: rows.map(entryOf) }
})
