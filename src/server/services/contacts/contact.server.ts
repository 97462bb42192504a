import { and, eq, ne } from 'drizzle-orm'
import { siteForHost } from '../../../../app.config'
import { activationLinkEndpoint, contactCreateEndpoint, contactDeleteEndpoint, contactDetailEndpoint, contactEditEndpoint } from '../../../contract/contacts'
import type { Locale } from '../../../contract/envelope'
import { activityTarget } from '../../../domain/activity-target'
import { m } from '../../../paraglide/messages'
import { noteActivity } from '../../activity/record.server'
import type { Caller } from '../../auth/caller.server'
import { requireCompanyInScope } from '../../auth/guards.server'
import { TOKEN_LIFETIME_MS, issueOneTimeToken } from '../../auth/one-time-token.server'
import { dummyPasswordHash } from '../../auth/password.server'
import { isUniqueViolation } from '../../db/errors.server'
import { auditLog, companies, companyTree, users, type User } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { endSessionsOf } from '../../auth/sessions.server'
import { forgetCallers } from '../../endpoint/access.server'
import { ApiError, conflict, forbidden, notFound } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'
import { auditEntry } from '../companies/tree-lock.server'
import { queueMail } from '../mail/outbox.server'
import { contactInScope, detailOf } from './contact-scope.server'
import { lockCompanyContacts, otherDealerAdmins, setDealerAdminGroup } from './dealer-admins.server'
import { pair } from '../../../domain/id-name-pair'

// A contact's own calls (decision 031): detail, edit, delete, the
// activation link, and creating one. Permission first (the frame), then scope: the contact's
// company must be the caller's or below it. An id the caller cannot see is a 403 like any
// foreign one; only a caller whose scope is the whole tree learns that it does not exist.

function emailTaken(email: string, locale: Locale): ApiError {
  return new ApiError(409, [(l) => m.contact_email_taken({ email }, { locale: l })], { fields: { email: [m.contact_email_taken({ email }, { locale })] } })
}

function audit(caller: Caller, action: string, id: number, details: Record<string, unknown>, nowMs: number) {
  return auditEntry(caller, action, id, details, nowMs, 'user')
}

/**
 * The trail's row of a contact's call names the contact and the company it belongs to after the
 * call (not the caller's), also when the call changes nothing (decision 053).
 */
function noteContact(id: number, companyId: number | null): void {
  noteActivity({ target: activityTarget('user', id), ...(companyId === null ? {} : { companyId }) })
}

async function activationLink(tx: Db, userId: number, origin: string, nowMs: number): Promise<{ link: string; validUntil: Date }> {
  const token = await issueOneTimeToken(tx, userId, 'activation', nowMs)
  return { link: `${origin}/account/password/change/${token}`, validUntil: new Date(nowMs + TOKEN_LIFETIME_MS.activation) }
}

// GET /vue/contact/{id}/detail/
export const contactDetailRead = implement(contactDetailEndpoint, async ({ db, caller, input }) => {
  const located = await contactInScope(db, caller, input.params.id)
  return detailOf(db, caller, located)
})

// POST /vue/company/{id}/create/contact/
export const contactCreate = implement(contactCreateEndpoint, async ({ db, caller, company, input, host, origin, locale, nowMs }) => {
  const fields = input.body
  // Creating contacts never gives more than the caller holds.
  if (fields.dealer_admin && !caller.groups.includes('IS_DEALER_ADMIN')) throw forbidden((l) => m.contact_dealer_admin_refused({}, { locale: l }))
  const passwordHash = await dummyPasswordHash()
  const created = await db
    .transaction(async (tx) => {
      const values = {
        email: fields.email,
        passwordHash,
        firstName: fields.first_name,
        middleName: fields.middle_name,
        lastName: fields.last_name,
        language: fields.language,
        companyId: company.id,
        dealerAdmin: fields.dealer_admin,
        optOut: fields.opt_out,
        isActive: true,
      }
      const [holder] = await tx.select().from(users).where(eq(users.email, fields.email))
      if (holder && !(await isRepeatedCreate(tx, caller, holder, values, nowMs))) throw emailTaken(fields.email, locale)
      const [named] = await tx.select({ name1: companies.name1 }).from(companies).where(eq(companies.id, company.id))
      if (!named) throw notFound((l) => m.error_company_not_found({}, { locale: l }))
      const [user] = holder ? [holder] : await tx.insert(users).values(values).returning({ id: users.id })
      if (!user) throw new Error('contact not inserted')
      if (fields.dealer_admin && !holder) await setDealerAdminGroup(tx, user.id, true)
      // A repeat gets a new link (the first one ends) and the mail again.
      const { link } = await activationLink(tx, user.id, origin, nowMs)
      await queueMail(tx, {
        to: fields.email,
        template: 'activation',
        language: fields.language,
        site: siteForHost(host),
        values: { link, validDays: TOKEN_LIFETIME_MS.activation / 86_400_000 },
      })
      await tx
        .insert(auditLog)
        .values(
          audit(caller, 'create_contact', user.id, { company: company.id, dealer_admin: fields.dealer_admin, ...(holder ? { repeated: true } : {}) }, nowMs),
        )
      const name = [fields.first_name, fields.middle_name, fields.last_name].filter(Boolean).join(' ')
      return { id: user.id, contact: pair(user.id, name), act_link: link }
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw emailTaken(fields.email, locale)
      throw error
    })
  return created
})

/** How long the same create sent again (a double click, a retry after a lost answer) is answered again instead of refused. */
const REPEATED_CREATE_MS = 10 * 60 * 1000

/**
 * Whether the e-mail's holder is the contact this same create made moments ago: created by the
 * same person with the very same fields, and not yet activated (no password set, never logged
 * in). Anyone else's contact, or a changed one, is "another contact" (409).
 */
async function isRepeatedCreate(tx: Db, caller: Caller, holder: User, values: Omit<typeof users.$inferInsert, 'email'>, nowMs: number): Promise<boolean> {
  const same =
    holder.companyId === values.companyId &&
    holder.firstName === values.firstName &&
    holder.middleName === values.middleName &&
    holder.lastName === values.lastName &&
    holder.language === values.language &&
    holder.dealerAdmin === values.dealerAdmin &&
    holder.optOut === values.optOut &&
    holder.isActive &&
    holder.passwordHash === values.passwordHash &&
    holder.lastLoginAt === null &&
    holder.createdAt.getTime() > nowMs - REPEATED_CREATE_MS
  if (!same) return false
  const [created] = await tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'create_contact'),
        eq(auditLog.entity, 'user'),
        eq(auditLog.entityId, String(holder.id)),
        eq(auditLog.actorUserId, caller.actorUserId ?? caller.userId),
      ),
    )
    .limit(1)
  return created !== undefined
}

// POST /vue/contact/{id}/edit/
export const contactEdit = implement(contactEditEndpoint, async ({ db, caller, input, locale, nowMs }) => {
  const located = await contactInScope(db, caller, input.params.id)
  const body = input.body
  const before = located.user
  const companyId = body.company ?? before.companyId ?? caller.companyId
  if (companyId !== before.companyId) await requireCompanyInScope(db, caller, companyId, nowMs)
  noteContact(before.id, companyId)
  const isActive = body.is_active ?? body.active ?? before.isActive
  const next = {
    email: body.email,
    firstName: body.first_name,
    middleName: body.middle_name ?? before.middleName,
    lastName: body.last_name ?? before.lastName,
    language: body.language ?? before.language,
    optOut: body.opt_out ?? before.optOut,
    dealerAdmin: body.dealer_admin ?? before.dealerAdmin,
    isActive,
    companyId,
  }
  const changed = (Object.keys(next) as Array<keyof typeof next>).filter((key) => next[key] !== before[key])
  // The trail's row: each changed field before → after, by its API name (decision 053).
  if (changed.length > 0) noteActivity({ changes: Object.fromEntries(changed.map((key) => [snake(key), [before[key], next[key]] as const])) })
  const self = before.id === caller.userId
  // Nobody locks themselves out: no deactivating, un-flagging or moving oneself.
  if (self && (changed.includes('isActive') || changed.includes('dealerAdmin') || changed.includes('companyId')))
    throw conflict((l) => m.contact_self_refused({}, { locale: l }))
  const result = await db
    .transaction(async (tx) => {
      if (before.companyId !== null) await lockCompanyContacts(tx, before.companyId)
      // The last active dealer admin of a company stays one (and stays there).
      const leavesAdmins = before.dealerAdmin && before.isActive && (!next.dealerAdmin || !next.isActive || next.companyId !== before.companyId)
      if (leavesAdmins && before.companyId !== null && (await otherDealerAdmins(tx, before.companyId, before.id)) === 0)
        throw conflict((l) => m.contact_last_dealer_admin({}, { locale: l }))
      if (next.email !== before.email) {
        const [holder] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, next.email), ne(users.id, before.id)))
        if (holder) throw emailTaken(next.email, locale)
      }
      if (changed.length === 0) return located
      // A deactivated or moved contact's sessions end (the caller statement reads is_active and the company).
      const endsSessions = changed.includes('isActive') || changed.includes('companyId') || changed.includes('email')
      const [updated] = await tx.update(users).set(next).where(eq(users.id, before.id)).returning()
      if (endsSessions) await endSessionsOf(tx, before.id, nowMs, { endedBy: 'account' })
      if (changed.includes('dealerAdmin')) await setDealerAdminGroup(tx, before.id, next.dealerAdmin)
      await tx.insert(auditLog).values(audit(caller, 'edit_contact', before.id, { changed: changed.map(snake) }, nowMs))
      const [named] = await tx
        .select({ name1: companies.name1, path: companyTree.path })
        .from(companies)
        .innerJoin(companyTree, eq(companyTree.companyId, companies.id))
        .where(eq(companies.id, companyId))
      return { user: updated ?? before, companyName: named?.name1 ?? '', path: named?.path ?? located.path }
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw emailTaken(next.email, locale)
      throw error
    })
  await forgetCallers(db)
  return { contact: await detailOf(db, caller, result), changed: changed.map(snake) }
})

function snake(key: string): string {
  return (
    {
      firstName: 'first_name',
      middleName: 'middle_name',
      lastName: 'last_name',
      optOut: 'opt_out',
      dealerAdmin: 'dealer_admin',
      isActive: 'is_active',
      companyId: 'company',
    }[key] ?? key
  )
}

// DELETE /vue/contact/{id}/delete/
export const contactDelete = implement(contactDeleteEndpoint, async ({ db, caller, input, nowMs }) => {
  const located = await contactInScope(db, caller, input.params.id)
  const { user } = located
  noteContact(user.id, user.companyId)
  if (user.id === caller.userId || user.id === caller.actorUserId) throw conflict((l) => m.contact_delete_self({}, { locale: l }))
  await db.transaction(async (tx) => {
    if (user.companyId !== null) await lockCompanyContacts(tx, user.companyId)
    if (user.dealerAdmin && user.isActive && user.companyId !== null && (await otherDealerAdmins(tx, user.companyId, user.id)) === 0)
      throw conflict((l) => m.contact_last_dealer_admin({}, { locale: l }))
    const deleted = await tx.delete(users).where(eq(users.id, user.id)).returning({ id: users.id })
    if (deleted.length === 0) throw notFound((l) => m.contact_not_found({}, { locale: l }))
    await tx.insert(auditLog).values(audit(caller, 'delete_contact', user.id, { email: user.email, company: user.companyId }, nowMs))
  })
  // Its sessions end at once: the cached caller goes with it.
  await forgetCallers(db)
  return { id: user.id, email: user.email }
})

// GET /vue/contact/{id}/activation-link/
export const contactActivationLink = implement(activationLinkEndpoint, async ({ db, caller, input, origin, nowMs }) => {
  const { user } = await contactInScope(db, caller, input.params.id)
  // The caller's own account is active and has a password: a link for it would only be a way
  // around changing the password.
  if (user.id === caller.userId || user.id === caller.actorUserId) throw conflict((l) => m.contact_activation_self({}, { locale: l }))
  return db.transaction(async (tx) => {
    const { link, validUntil } = await activationLink(tx, user.id, origin, nowMs)
    await tx.insert(auditLog).values(audit(caller, 'activation_link', user.id, {}, nowMs))
    return { act_link: link, valid_until: validUntil.toISOString() }
  })
})
