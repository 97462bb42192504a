import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm'
import { USER_SORTS, contactListEndpoint } from '../../../contract/contacts'
import { isPermission } from '../../../domain/permissions'
import { inSubtree } from '../../auth/subtree.server'
import { companies, userGroups, users } from '../../db/schema/index'
import { implement } from '../../endpoint/implement.server'
import { pageWindow } from '../../endpoint/paging.server'
import { containsPattern } from '../../db/like.server'

// GET /vue/contact/list/: 25 per page, by e-mail, active or inactive users in scope.
const SORT_COLUMNS: Record<(typeof USER_SORTS)[number], SQL> = {
  email: sql`${users.email}`,
  name: sql`lower(${users.lastName} || ' ' || ${users.firstName})`,
  company: sql`lower(${companies.name1})`,
  last_login: sql`${users.lastLoginAt}`,
}

export const contactList = implement(contactListEndpoint, async ({ db, caller: known, input, pastEnd }) => {
  const { query } = input
  const scope = known.groups.includes('IS_DEALER_ADMIN') ? inSubtree(users.companyId, known.companyPath) : eq(users.companyId, known.companyId)
  const email = query.email.trim().toLowerCase()
  const where = and(scope, eq(users.isActive, query.active === '1'), email ? ilike(users.email, containsPattern(email)) : undefined)
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(where)
  const total = counted?.count ?? 0
  const { pages, offset } = pageWindow(total, query.number_per_page, query.page, pastEnd)
  const key = USER_SORTS.find((name) => name === query.sort.replace(/^-/, '')) ?? 'email'
  const column = SORT_COLUMNS[key]
  const order = query.sort.startsWith('-') ? [sql`${column} desc nulls last`, desc(users.id)] : [sql`${column} asc nulls last`, asc(users.id)]
  const rows = await db
    .select({
      user: users,
      companyName: companies.name1,
      groups: sql<
        string[]
      >`coalesce((select array_agg(${userGroups.permission}::text order by ${userGroups.permission}) from ${userGroups} where ${userGroups.userId} = ${users.id}), '{}')`,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(where)
    .orderBy(...order)
    .limit(query.number_per_page)
    .offset(offset)
  return {
    users: rows.map(({ user, companyName, groups }) => ({
      id: user.id,
      email: user.email,
      name: [user.firstName, user.middleName, user.lastName].filter(Boolean).join(' '),
      company: [user.companyId ?? 0, companyName] satisfies [number, string],
      is_active: user.isActive,
      dealer_admin: user.dealerAdmin,
      groups: groups.filter(isPermission),
      last_login: user.lastLoginAt?.toISOString() ?? null,
    })),
    pages,
    no_of_users: total,
  }
})
