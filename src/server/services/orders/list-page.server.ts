import { createHash } from 'node:crypto'
import { z } from 'zod'
import { order, type OrderSort } from '../../../contract/orders'
import type { ApproveTab } from '../../../domain/basket-status'
import { hotRead } from '../../db/hot-read.server'
import { containsPattern } from '../../db/like.server'
import type { Db } from '../../db/types'

// The basket list's counts and one page in ONE statement (decision 033: the approve screen's list
// at 200 connections): a named prepared statement per shape of the query — sort, direction, tab,
// number filter, subtree or own company — whose plan the database keeps, answering one JSON
// value. Before it was two statements built by Drizzle on every call.
export type BasketPageQuery = {
  /** The scope: a subtree by its path, or the caller's own company. */
  scope: { path: string } | { companyId: number }
  tab: ApproveTab | null
  number: string
  sort: OrderSort
  descending: boolean
  limit: number
  offset: number
  userId: number
  actorUserId: number
}

const SORT_SQL: Record<OrderSort, (table: string) => string> = {
  basket_number: (t) => `${t}.basket_number`,
  created: (t) => `${t}.created`,
  last_status_update: (t) => `${t}.last_status_update`,
  status: (t) => `${t}.status`,
  customer: (t) => `lower(${t}.customer)`,
  name1: (t) => `lower(${t}.billing_name1)`,
}

const TAB_SQL: Record<ApproveTab, string> = { open: 'status <= 2', in_process: 'status between 3 and 4', finished: 'status >= 5' }

// A timestamp as JavaScript's toISOString writes it (milliseconds, Z), as the answer always had.
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

const ROW = `json_build_object(
  'basket_number', p.basket_number, 'line__name', coalesce(l.name, ''), 'status', p.status,
  'created', ${iso('p.created')}, 'last_status_update', ${iso('p.last_status_update')},
  'approval_number', p.approval_number, 'name1', p.billing_name1, 'name2', p.billing_name2,
  'zip', p.billing_zip, 'country', p.billing_country, 'query_pending', p.query_pending,
  'customer', p.customer, 'auto_approve', p.auto_approve,
  'company', json_build_array(p.company_id, c.name1),
  'placed_by', case when p.placed_by_user_id is null then null else json_build_array(p.placed_by_user_id, coalesce(u.email, '')) end,
  'can_approve', p.status = 2 and p.placed_by_user_id is distinct from $4::int and p.placed_by_user_id is distinct from $5::int)`

const statements = new Map<string, { name: string; text: string }>()

function statement(query: BasketPageQuery): { name: string; text: string } {
  const shape = `${'path' in query.scope ? 'subtree' : 'own'} ${query.tab} ${query.number !== ''} ${query.sort} ${query.descending}`
  let found = statements.get(shape)
  if (!found) statements.set(shape, (found = build(query)))
  return found
}

/** $1 scope, $2 limit, $3 offset, $4 the caller, $5 the real person behind it, $6 the number pattern. */
function build(query: BasketPageQuery): { name: string; text: string } {
  const scope = 'path' in query.scope ? `company_id in (select company_id from company_tree where path like $1::text)` : 'company_id = $1::int'
  const number = query.number ? ' and basket_number like $6::text' : ''
  const direction = query.descending ? 'desc' : 'asc'
  const by = (table: string) => `${SORT_SQL[query.sort](table)} ${direction}, ${table}.id ${direction}`
  const tab = query.tab ? ` where ${TAB_SQL[query.tab]}` : ''
  const text = `with scoped as (
      select b.id, b.status from baskets b where b.${scope}${number}
    ), counts as (
      select count(*) filter (where status <= 2)::int as open, count(*) filter (where status between 3 and 4)::int as in_process,
             count(*) filter (where status >= 5)::int as finished
        from scoped
    ), page as (
      select b.* from baskets b where b.id in (select id from scoped${tab}) order by ${by('b')} limit $2::int offset $3::bigint
    )
    select json_build_object(
      'counts', (select row_to_json(k) from counts k),
      'rows', coalesce((select json_agg(${ROW} order by ${by('p')})
        from page p join companies c on c.id = p.company_id
        left join production_lines l on l.id = p.line_id left join users u on u.id = p.placed_by_user_id), '[]'::json))`
  // The name follows the text: a changed text is a new statement, never an old plan.
  return { name: `portal_baskets_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`, text }
}

const answer = z.object({
  counts: z.object({ open: z.number().int(), in_process: z.number().int(), finished: z.number().int() }),
  rows: z.array(order),
})

export type BasketPage = z.infer<typeof answer>

export async function basketPage(db: Db, query: BasketPageQuery): Promise<BasketPage> {
  const scope = 'path' in query.scope ? `${query.scope.path}%` : query.scope.companyId
  const params = [scope, query.limit, query.offset, query.userId, query.actorUserId, ...(query.number ? [containsPattern(query.number)] : [])]
  return answer.parse(await hotRead(db, statement(query), params))
}
