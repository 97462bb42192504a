import { aliasedTable, and, desc, eq, like, or, sql, type SQL } from 'drizzle-orm'
import { activityListEndpoint, type ActivityEntry } from '../../../contract/activity'
import { inSubtree } from '../../auth/subtree.server'
import { escapeLike } from '../../db/like.server'
import { activity, companies, users } from '../../db/schema/index'
import { implement } from '../../endpoint/implement.server'
import { pageWindow } from '../../endpoint/paging.server'

// GET /vue/activity/ (decision 053): the trail in the caller's scope, newest first. A dealer admin
// reads the rows of their company and its sub-companies; staff (the root company's dealer
// admins) every row, also those of no company (admin commands, sign-ins to no account). A
// `company` filter was checked to be in scope by the frame; a `target` only narrows the rows in
// scope, so a target of a company outside it gives none.
const actors = aliasedTable(users, 'actor')
const actedAs = aliasedTable(users, 'acted_as')

export const activityList = implement(activityListEndpoint, async ({ db, caller, company, input, pastEnd }) => {
  const { query } = input
  const inScope = caller.companyIsRoot ? undefined : inSubtree(activity.companyId, caller.companyPath)
  const conditions: Array<SQL | undefined> = [
    inScope,
    query.company !== undefined ? eq(activity.companyId, company.id) : undefined,
    query.actor !== undefined ? or(eq(activity.actorUserId, query.actor), eq(activity.actingAsUserId, query.actor)) : undefined,
    query.target ? eq(activity.target, query.target) : undefined,
    query.action ? (query.action.endsWith('.') ? like(activity.action, `${escapeLike(query.action)}%`) : eq(activity.action, query.action)) : undefined,
    // Days in UTC, computed by the database (which reads any valid day, to the year 9999).
    query.from ? sql`${activity.at} >= (${query.from}::date)::timestamp at time zone 'UTC'` : undefined,
    query.to ? sql`${activity.at} < (${query.to}::date + 1)::timestamp at time zone 'UTC'` : undefined,
  ]
  const where = and(...conditions)
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(activity)
    .where(where)
  const total = counted?.count ?? 0
  const { pages, offset } = pageWindow(total, query.number_per_page, query.page, pastEnd)
  const rows = await db
    .select({ row: activity, actorEmail: actors.email, actedAsEmail: actedAs.email, companyName: companies.name1 })
    .from(activity)
    .leftJoin(actors, eq(actors.id, activity.actorUserId))
    .leftJoin(actedAs, eq(actedAs.id, activity.actingAsUserId))
    .leftJoin(companies, eq(companies.id, activity.companyId))
    .where(where)
    .orderBy(desc(activity.id))
    .limit(query.number_per_page)
    .offset(offset)
  const entries = rows.map(({ row, actorEmail, actedAsEmail, companyName }): ActivityEntry => ({
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actorUserId === null ? null : { id: row.actorUserId, email: actorEmail },
    acting_as: row.actingAsUserId === null ? null : { id: row.actingAsUserId, email: actedAsEmail },
    company: row.companyId === null ? null : { id: row.companyId, name: companyName },
    action: row.action,
    outcome: row.outcome === 'refused' ? 'refused' : 'done',
    target: row.target,
    changes: (row.changes as ActivityEntry['changes']) ?? null,
    details: (row.details as ActivityEntry['details']) ?? null,
    address: row.address,
  }))
  return { entries, pages, no_of_entries: total }
})
