import { eq, isNull } from 'drizzle-orm'
import { siteForHost } from '../../../../app.config'
import { registerCompanyEndpoint, registerContactEndpoint, registerLinkCheckEndpoint } from '../../../contract/register'
import { m } from '../../../paraglide/messages'
import { countMailRequest } from '../../auth/mail-throttle.server'
import { TOKEN_LIFETIME_MS, issueOneTimeToken, readOneTimeToken, spendOneTimeToken } from '../../auth/one-time-token.server'
import { hashPassword } from '../../auth/password.server'
import { auditLog, companies, companyTree, countries, users } from '../../db/schema/index'
import { badRequest, conflict, throttled } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'
import { insertCompanyBelow } from '../companies/company-insert.server'
import { lockTreeForInsert } from '../companies/tree-lock.server'
import { queueMail } from '../mail/outbox.server'
import { requireGoodPassword, tokenRefusal } from './password-reset.server'
import { pair } from '../../../domain/id-name-pair'

// Registration in two steps (decision 030).

/** POST /vue/register/contact/: step 1. The same answer whether or not the address has an account. */
export const registerContact = implement(registerContactEndpoint, async ({ db, input, clientAddress, host, origin, locale, nowMs }) => {
  const body = input.body
  const email = body.email.toLowerCase()
  requireGoodPassword(body.password1, body.password2, 'password1', locale)
  const waitMinutes = await countMailRequest(db, 'register', email, clientAddress, nowMs)
  if (waitMinutes !== null) throw throttled((l) => m.password_reset_throttled({ minutes: String(waitMinutes) }, { locale: l }), waitMinutes * 60)
  const site = siteForHost(host)
  // Hashed whatever follows, so every address costs the same time.
  const passwordHash = await hashPassword(body.password1)
  await db.transaction(async (tx) => {
    const [known] = await tx.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.email, email)).limit(1)
    if (known && known.companyId !== null) {
      await queueMail(tx, { to: email, template: 'register_exists', language: locale, site, values: { link: `${origin}/forgot-password` } })
      return
    }
    const names = { firstName: body.first_name, middleName: body.middle_name, lastName: body.last_name, passwordHash, language: locale }
    let userId = known?.id
    if (userId === undefined) {
      const [created] = await tx
        .insert(users)
        .values({ email, ...names, companyId: null, createdAt: new Date(nowMs) })
        .returning({ id: users.id })
      userId = created!.id
    } else {
      // Step 1 again before step 2: the newest details count, and only the newest link works.
      await tx.update(users).set(names).where(eq(users.id, userId))
    }
    const token = await issueOneTimeToken(tx, userId, 'register_company', nowMs)
    const days = TOKEN_LIFETIME_MS.register_company / 86_400_000
    await queueMail(tx, {
      to: email,
      template: 'register_company',
      language: locale,
      site,
      values: { link: `${origin}/register-company/${token}`, validDays: days },
    })
    await tx.insert(auditLog).values({
      actorUserId: userId,
      action: 'register_contact',
      entity: 'user',
      entityId: String(userId),
      details: { site: site.id },
      createdAt: new Date(nowMs),
    })
  })
  return { email }
})

/** POST /vue/register/company/: step 2, from the mailed link; the user can log in afterwards. */
export const registerCompany = implement(registerCompanyEndpoint, async ({ db, input, host, locale, nowMs }) => {
  const fields = input.body
  const check = await readOneTimeToken(db, fields.token, 'register_company', nowMs)
  if (!check.ok) throw tokenRefusal(check.problem, locale)
  const site = siteForHost(host)
  const customerNumber = fields.customer_number === '' ? null : fields.customer_number
  return db.transaction(async (tx) => {
    await lockTreeForInsert(tx)
    const [country] = await tx.select({ code: countries.code }).from(countries).where(eq(countries.code, fields.country))
    if (!country) throw badRequest((l) => m.company_create_unknown_country({ code: fields.country }, { locale: l }))
    if (customerNumber !== null) {
      const [holder] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.customerNumber, customerNumber))
      if (holder) throw conflict((l) => m.company_create_customer_number_taken({ number: customerNumber }, { locale: l }))
    }
    const parentId = site.registration.parentCompanyId
    const [parent] = await tx
      .select({ id: companies.id, path: companyTree.path, depth: companyTree.depth })
      .from(companies)
      .innerJoin(companyTree, eq(companyTree.companyId, companies.id))
      .where(parentId === null ? isNull(companies.parentId) : eq(companies.id, parentId))
      .limit(1)
    if (!parent) throw new Error(`site ${site.id}: no registration parent ${parentId ?? '(root)'}`)
    if (!(await spendOneTimeToken(tx, check.tokenId, nowMs))) throw tokenRefusal('used', locale)
    const [user] = await tx.select({ email: users.email, companyId: users.companyId }).from(users).where(eq(users.id, check.userId))
    if (!user || user.companyId !== null) throw tokenRefusal('used', locale)
    const id = await insertCompanyBelow(tx, parent, { ...fields, country: country.code, customer_number: customerNumber }, nowMs)
    await tx.update(users).set({ companyId: id, optOut: fields.opt_out }).where(eq(users.id, check.userId))
    const details = {
      parent: parent.id,
      name1: fields.name1,
      company_type: fields.company_type,
      opt_out: fields.opt_out,
      user_opt_opt: fields.user_opt_opt,
      site: site.id,
    }
    await tx
      .insert(auditLog)
      .values({ actorUserId: check.userId, action: 'register_company', entity: 'company', entityId: String(id), details, createdAt: new Date(nowMs) })
    return { username: user.email, company: pair(id, fields.name1) }
  })
})

/** GET /vue/register/company/?token=: whether the registration link still works. */
export const registerLinkCheck = implement(registerLinkCheckEndpoint, async ({ db, input, locale, nowMs }) => {
  const check = await readOneTimeToken(db, input.query.token, 'register_company', nowMs)
  if (!check.ok) throw tokenRefusal(check.problem, locale)
  return { valid: true as const }
})
