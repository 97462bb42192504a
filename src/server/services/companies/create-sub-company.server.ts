import { eq } from 'drizzle-orm'
import { createSubCompanyEndpoint } from '../../../contract/company-parent'
import { m } from '../../../paraglide/messages'
import { isPathInScope } from '../../auth/guards.server'
import { forgetCompanies } from '../../cache/company-cache.server'
import { isUniqueViolation } from '../../db/errors.server'
import { auditLog, companies, companyTree, countries } from '../../db/schema/index'
import { badRequest, conflict, forbidden, notFound } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'
import { insertCompanyBelow } from './company-insert.server'
import { auditEntry, lockTreeForInsert } from './tree-lock.server'
import { pair } from '../../../domain/id-name-pair'

// POST /vue/company/{cid}/create/sub-company/: a new company below {cid} (decision 029).
// The parent's path is read under the shared tree lock, so no move rewrites it meanwhile.
export const createSubCompany = implement(createSubCompanyEndpoint, async ({ db, caller, company: scoped, input, nowMs }) => {
  const fields = input.body
  const customerNumber = fields.customer_number === '' ? null : fields.customer_number
  const taken = () => conflict((locale) => m.company_create_customer_number_taken({ number: customerNumber ?? '' }, { locale }))
  const created = await db
    .transaction(async (tx) => {
      await lockTreeForInsert(tx)
      const [parent] = await tx
        .select({ id: companies.id, name1: companies.name1, path: companyTree.path, depth: companyTree.depth })
        .from(companies)
        .innerJoin(companyTree, eq(companyTree.companyId, companies.id))
        .where(eq(companies.id, scoped.id))
      if (!parent) throw notFound((locale) => m.error_company_not_found({}, { locale }))
      const [own] = await tx.select({ path: companyTree.path }).from(companyTree).where(eq(companyTree.companyId, caller.companyId))
      if (!own || !isPathInScope({ ...caller, companyPath: own.path }, parent.id, parent.path))
        throw forbidden((locale) => m.error_company_out_of_scope({}, { locale }))
      const [country] = await tx.select({ code: countries.code }).from(countries).where(eq(countries.code, fields.country))
      if (!country) throw badRequest((locale) => m.company_create_unknown_country({ code: fields.country }, { locale }))
      if (customerNumber !== null) {
        const [holder] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.customerNumber, customerNumber))
        if (holder) throw taken()
      }
      const id = await insertCompanyBelow(tx, parent, { ...fields, country: country.code, customer_number: customerNumber }, nowMs)
      const details = { parent: parent.id, name1: fields.name1, company_type: fields.company_type, customer_number: customerNumber }
      await tx.insert(auditLog).values(auditEntry(caller, 'create_company', id, details, nowMs))
      return { id, company: pair(id, fields.name1), parent: pair(parent.id, parent.name1) }
    })
    .catch((error: unknown) => {
      // Two creates with the same new number at once: the unique index decides, the loser hears why.
      if (isUniqueViolation(error)) throw taken()
      throw error
    })
  // The parent's info says whether it has children.
  await forgetCompanies(db)
  return created
})
