import { companyInfoEndpoint, type CompanyInfo } from '../../../contract/companies'
import type { Locale } from '../../../contract/envelope'
import { cachedCompanyInfo } from '../../cache/company-cache.server'
import type { Db } from '../../db/types'
import { implement } from '../../endpoint/implement.server'
import { defaultPair, labelPairs, loadReference, pairOf, type Reference } from './choices.server'
import { readCompanyRow, type CompanyRow } from './company-row.server'
import { logoUrl, logoVersion } from './logo-image.server'

// GET /vue/company/{id}/info/: the company entity with its choices and defaults.
export const companyInfo = implement(companyInfoEndpoint, async ({ db, caller, company, locale, nowMs }) => {
  const key = { companyId: company.id, locale, scopeRootId: caller.companyId }
  return cachedCompanyInfo(db, key, nowMs, () => loadCompanyInfo(db, company.path, key, nowMs))
})

async function loadCompanyInfo(db: Db, path: string, key: { companyId: number; locale: Locale; scopeRootId: number }, nowMs: number): Promise<CompanyInfo> {
  // Breadcrumbs start at the caller's own company: nobody sees names above their scope.
  const pathIds = path.split('/').filter(Boolean).map(Number)
  const visibleIds = pathIds.slice(Math.max(0, pathIds.indexOf(key.scopeRootId)))
  const [row, reference] = await Promise.all([readCompanyRow(db, key.companyId, visibleIds), loadReference(db, nowMs)])
  if (!row) throw new Error(`company ${key.companyId} vanished after the scope check`)
  return shapeCompanyInfo(row, visibleIds, reference, key.locale)
}

function shapeCompanyInfo(row: CompanyRow, visibleIds: number[], reference: Reference, locale: Locale): CompanyInfo {
  const { company } = row
  const names = new Map(row.crumbs)
  const choice = (kind: keyof Reference['choices'], code: string | null) => ({
    value: pairOf(reference.choices[kind], code, locale),
    choices: labelPairs(reference.choices[kind], locale),
    fallback: defaultPair(reference.choices[kind], locale),
  })
  const region = choice('region', company.region)
  const discount = choice('discount_group', company.discountGroup)
  const assortment = choice('assortment', company.assortment)
  const language = choice('language', company.language)
  const logoImage = company.logoBase64 !== null && company.logoMime ? `data:${company.logoMime};base64,${company.logoBase64}` : null
  return {
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
    lines: row.lines,
    line_choices: reference.lines.map((line): [number, string] => [line.id, line.name]),
    line_default: row.lines[0] ?? null,
    last_line: row.lines.find(([id]) => id === company.lastLineId) ?? null,
    // The logo's own URL (cacheable, decision 028); logo_image keeps the legacy data URL.
    logo: logoImage && company.logoBase64 ? logoUrl(company.id, logoVersion(Buffer.from(company.logoBase64, 'base64'))) : null,
    logo_image: logoImage,
    has_children: row.hasChildren,
    expanded: false,
    children: [],
  }
}
