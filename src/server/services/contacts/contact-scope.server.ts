import { asc, eq, like, sql } from 'drizzle-orm'
import type { ContactDetail } from '../../../contract/contacts'
import { CONTACT_PARENT_CHOICES } from '../../../domain/contact-fields'
import { m } from '../../../paraglide/messages'
import type { Caller } from '../../auth/caller.server'
import { isPathInScope } from '../../auth/guards.server'
import { companies, companyTree, users, type User } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { forbidden, notFound } from '../../endpoint/errors.server'
import { toCompanyContact } from './contact-rows.server'

// A contact as its own calls see it: found within the caller's scope (an id outside it is a 403
// like any foreign one; only a caller whose scope is the whole tree learns that it does not
// exist), and its detail with the companies it may be moved to.
export type Located = { user: User; companyName: string; path: string }

export async function contactInScope(db: Db, caller: Caller, id: number): Promise<Located> {
  const [row] = await db
    .select({ user: users, companyName: companies.name1, path: companyTree.path })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .innerJoin(companyTree, eq(companyTree.companyId, users.companyId))
    .where(eq(users.id, id))
  if (!row) {
    if (caller.companyIsRoot && caller.groups.includes('IS_DEALER_ADMIN')) throw notFound((locale) => m.contact_not_found({}, { locale }))
    throw forbidden((locale) => m.contact_out_of_scope({}, { locale }))
  }
  if (!isPathInScope(caller, row.user.companyId ?? 0, row.path)) throw forbidden((locale) => m.contact_out_of_scope({}, { locale }))
  return row
}

/** The companies a contact may be moved to: the caller's scope, nearest the caller first, and its own. */
async function parentChoices(db: Db, caller: Caller, current: [number, string]): Promise<Array<[number, string]>> {
  const rows = await db
    .select({ id: companies.id, name1: companies.name1 })
    .from(companies)
    .innerJoin(companyTree, eq(companyTree.companyId, companies.id))
    .where(caller.groups.includes('IS_DEALER_ADMIN') ? like(companyTree.path, `${caller.companyPath}%`) : eq(companies.id, caller.companyId))
    .orderBy(asc(companyTree.depth), asc(sql`lower(${companies.name1})`), asc(companies.id))
    .limit(CONTACT_PARENT_CHOICES)
  const choices = rows.map((row): [number, string] => [row.id, row.name1])
  if (!choices.some(([id]) => id === current[0])) choices.unshift(current)
  return choices
}

export async function detailOf(db: Db, caller: Caller, located: Located): Promise<ContactDetail> {
  const company: [number, string] = [located.user.companyId ?? 0, located.companyName]
  return {
    ...toCompanyContact(located.user, company),
    parent_choices: await parentChoices(db, caller, company),
    actLink: null,
    is_self: located.user.id === caller.userId,
  }
}
