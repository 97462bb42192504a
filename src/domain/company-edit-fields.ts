import { m } from '../paraglide/messages'
import type { Locale } from './locales'

// my-company's fields without zod (src/contract/company-edit.ts has the schemas and re-exports
// these): the limits and labels the form shows, which its screen needs before any check is loaded.

/** Most characters of each text field (the form says them; the server refuses more). */
export const COMPANY_TEXT_LIMITS = {
  name1: 100,
  name2: 100,
  address1: 100,
  address2: 100,
  zip: 16,
  city: 80,
  vat_number: 32,
  email: 254,
  phone: 40,
  mobile: 40,
} as const

/** The document is a few hundred characters; this bounds what JSON.parse is handed. */
export const COMPANY_DOCUMENT_MAX_CHARS = 16_384
/** The most lines one company can be given. */
export const COMPANY_LINES_MAX = 100

/** Fields that are the company's commercial terms: set from above, never on one's own company. */
export const COMPANY_TERMS_FIELDS = ['auto_approve', 'region', 'discount_group', 'assortment', 'lines'] as const

/** The label of a company field, in the page's language or the one given (the server's answers). */
export function companyFieldLabel(field: string, locale?: Locale): string {
  const options = locale ? { locale } : {}
  switch (field) {
    case 'name1':
      return m.my_company_field_name1({}, options)
    case 'name2':
      return m.my_company_field_name2({}, options)
    case 'address1':
      return m.my_company_field_address1({}, options)
    case 'address2':
      return m.my_company_field_address2({}, options)
    case 'zip':
      return m.my_company_field_zip({}, options)
    case 'city':
      return m.my_company_field_city({}, options)
    case 'country':
      return m.my_company_field_country({}, options)
    case 'vat_number':
      return m.my_company_field_vat_number({}, options)
    case 'email':
      return m.my_company_field_email({}, options)
    case 'phone':
      return m.my_company_field_phone({}, options)
    case 'mobile':
      return m.my_company_field_mobile({}, options)
    case 'language':
      return m.my_company_field_language({}, options)
    case 'region':
      return m.my_company_field_region({}, options)
    case 'discount_group':
      return m.my_company_field_discount_group({}, options)
    case 'assortment':
      return m.my_company_field_assortment({}, options)
    case 'lines':
      return m.my_company_field_lines({}, options)
    case 'auto_approve':
      return m.my_company_field_auto_approve({}, options)
    case 'logo':
      return m.my_company_field_logo({}, options)
    default:
      return field
  }
}
