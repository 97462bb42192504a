import { asc, eq, inArray, sql } from 'drizzle-orm'
import { companyInfoEndpoint, type CompanyInfo } from '../../../contract/companies'
import { requireCaller, requireCompanyInScope } from '../../auth/guards.server'
import { companies, companyLines, productionLines } from '../../db/schema/index'
import { implement } from '../../vue/implement.server'
import { defaultPair, labelPairs, loadReference, pairOf } from './choices.server'

// GET /vue/company/{id}/info/: the company entity of spec section 3 with choices and defaults.
export const companyInfo = implement(companyInfoEndpoint, async ({ db, caller, input, locale, nowMs }) => {
  const known = requireCaller(caller)
  const { path } = await requireCompanyInScope(db, known, input.params.id)
  // Breadcrumbs start at the caller's own company: nobody sees names above their scope.
  const pathIds = path.split('/').filter(Boolean).map(Number)
  const visibleIds = pathIds.slice(Math.max(0, pathIds.indexOf(known.companyId)))
  const parent = sql<string | null>`(select p.name1 from companies p where p.id = ${companies.parentId})`
  const [[row], lines, crumbs, reference] = await Promise.all([
    db
      .select({
        company: companies,
        parentName: parent,
        hasChildren: sql<boolean>`exists (select 1 from companies c where c.parent_id = ${companies.id})`,
      })
      .from(companies)
      .where(eq(companies.id, input.params.id))
      .limit(1),
    db
      .select({ id: productionLines.id, name: productionLines.name })
      .from(companyLines)
      .innerJoin(productionLines, eq(productionLines.id, companyLines.lineId))
      .where(eq(companyLines.companyId, input.params.id))
      .orderBy(asc(productionLines.name)),
    db.select({ id: companies.id, name: companies.name1 }).from(companies).where(inArray(companies.id, visibleIds)),
    loadReference(db, nowMs),
  ])
  if (!row) throw new Error(`company ${input.params.id} vanished after the scope check`)
  const { company } = row
  const names = new Map(crumbs.map((crumb) => [crumb.id, crumb.name]))
  const linePairs = lines.map((line): [number, string] => [line.id, line.name])
  const lineChoices = reference.lines.map((line): [number, string] => [line.id, line.name])
  const choice = (kind: keyof typeof reference.choices, code: string | null) => ({
    value: pairOf(reference.choices[kind], code, locale),
    choices: labelPairs(reference.choices[kind], locale),
    fallback: defaultPair(reference.choices[kind], locale),
  })
  const region = choice('region', company.region)
  const discount = choice('discount_group', company.discountGroup)
  const assortment = choice('assortment', company.assortment)
  const language = choice('language', company.language)
  const logoImage = company.logo && company.logoMime ? `data:${company.logoMime};base64,${Buffer.from(company.logo).toString('base64')}` : null
  const info: CompanyInfo = {
    id: company.id,
    name1: company.name1,
    name2: company.name2,
    company_type: company.companyType,
    parent: company.parentId !== null && row.parentName !== null ? [company.parentId, row.parentName] : null,
    breadcrumbs: visibleIds.map((id): [number, string] => [id, names.get(id) ?? '']),
    vat_number: company.vatNumber,
    customer_number: company.customerNumber ?? '',
    auto_approve: company.autoApprove,
    address1: company.address1,
    address2: company.address2,
    zip: company.zip,
    city: company.city,
    email: company.email,
    phone: company.phone,
    mobile: company.mobile,
    country: pairOf(reference.countries, company.country, locale),
    country_choices: labelPairs(reference.countries, locale),
    country_default: defaultPair(reference.countries, locale),
    region: region.value,
    region_choices: region.choices,
    region_default: region.fallback,
    discount_group: discount.value,
    discount_group_choices: discount.choices,
    discount_group_default: discount.fallback,
    assortment: assortment.value,
    assortment_choices: assortment.choices,
    assortment_default: assortment.fallback,
    language: language.value,
    language_choices: language.choices,
    language_default: language.fallback,
    lines: linePairs,
    line_choices: lineChoices,
    line_default: linePairs[0] ?? null,
    last_line: linePairs.find(([id]) => id === company.lastLineId) ?? null,
    logo: logoImage ? `company-${company.id}-logo` : null,
    logo_image: logoImage,
    has_children: row.hasChildren,
    expanded: false,
    children: [],
  }
  return info
})
