import { and, asc, eq, ilike, or, sql } from 'drizzle-orm'
import { companyContactsEndpoint } from '../../../contract/contacts'
import { containsPattern } from '../../db/like.server'
import { companies, users } from '../../db/schema/index'
import { implement } from '../../endpoint/implement.server'
import { pageWindow } from '../../endpoint/paging.server'
import { toCompanyContact } from './contact-rows.server'

// GET /vue/company/{id}/contacts/ (contacts-overview): the spec's call answers every contact of
// the company; the screen narrows with ?active=, ?search= and pages with ?page=.
export const companyContacts = implement(companyContactsEndpoint, async ({ db, company, input, pastEnd }) => {
  const { active, search, page, number_per_page } = input.query
  const pattern = search ? containsPattern(search.toLowerCase()) : null
  const where = and(
    eq(users.companyId, company.id),
    active === '' ? undefined : eq(users.isActive, active === '1'),
    pattern
      ? or(
          ilike(users.email, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.middleName} || ' ' || ${users.lastName}`, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        )
      : undefined,
  )
  const [[named], [counted]] = await Promise.all([
    db.select({ name1: companies.name1 }).from(companies).where(eq(companies.id, company.id)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ])
  const total = counted?.n ?? 0
  const paged = page !== undefined
  const { pages, offset } = paged ? pageWindow(total, number_per_page, page, pastEnd) : { pages: 1, offset: 0 }
  const query = db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id))
  const rows = paged ? await query.limit(number_per_page).offset(offset) : await query
  const pair: [number, string] = [company.id, named?.name1 ?? '']
  return { contacts: rows.map((user) => toCompanyContact(user, pair)), company: pair, pages, no_of_contacts: total }
})
