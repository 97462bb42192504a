import { z } from 'zod'
import { appConfig } from '../../app.config'
import { companyId } from './companies'
import { NO_QUERY, defineEndpoint } from './endpoint'
import { pair } from './envelope'
import { countryCode, emailOrBlank } from './field-rules'

// POST /vue/company/{id}/edit/ (decision 028): my-company's save. Multipart: the
// text field `document` holds the company's fields as JSON, the optional file `logo` a new
// logo. Who may change what: docs/decisions/028-company-edit-and-logo.md.

import { COMPANY_DOCUMENT_MAX_CHARS, COMPANY_LINES_MAX, COMPANY_TEXT_LIMITS } from '../domain/company-edit-fields'
export { COMPANY_DOCUMENT_MAX_CHARS, COMPANY_LINES_MAX, COMPANY_TERMS_FIELDS, COMPANY_TEXT_LIMITS, companyFieldLabel } from '../domain/company-edit-fields'

const requiredText = (max: number) => z.string().trim().min(1).max(max)
const optionalText = (max: number) => z.string().trim().max(max).optional()

// A choice as a code, or as the [code, label] pair company info sends (a client may send back
// what it read); '' and null mean none.
const choiceCode = z
  .union([z.string().trim().max(40), pair(z.string().trim().max(40)), z.null()])
  .transform((value) => (value === null ? null : typeof value === 'string' ? value : value[0]) || null)
const lineId = z.union([z.number().int().positive(), pair(z.number().int().positive())]).transform((value) => (typeof value === 'number' ? value : value[0]))

/**
 * The company fields of `document`. name1, address1, zip, city and country are required; every
 * other field left out stays as it is. Fields of company info that are not listed (id,
 * customer_number, parent, breadcrumbs, choices …) are ignored, so a client may send back the
 * entity it read.
 */
export const companyEditDocument = z.object({
  name1: requiredText(COMPANY_TEXT_LIMITS.name1),
  name2: optionalText(COMPANY_TEXT_LIMITS.name2),
  address1: requiredText(COMPANY_TEXT_LIMITS.address1),
  address2: optionalText(COMPANY_TEXT_LIMITS.address2),
  zip: requiredText(COMPANY_TEXT_LIMITS.zip),
  city: requiredText(COMPANY_TEXT_LIMITS.city),
  // A code, or the [code, label] pair company info sends; refused as a choice not offered.
  country: z.preprocess((value) => (Array.isArray(value) ? value[0] : value), countryCode({ offered: true })),
  vat_number: optionalText(COMPANY_TEXT_LIMITS.vat_number),
  email: emailOrBlank(COMPANY_TEXT_LIMITS.email).optional(),
  phone: optionalText(COMPANY_TEXT_LIMITS.phone),
  mobile: optionalText(COMPANY_TEXT_LIMITS.mobile),
  language: choiceCode.optional(),
  region: choiceCode.optional(),
  discount_group: choiceCode.optional(),
  assortment: choiceCode.optional(),
  lines: z.array(lineId).max(COMPANY_LINES_MAX).optional(),
  auto_approve: z.boolean().optional(),
  /** true: the stored logo is removed (a logo file sent along wins). */
  remove_logo: z.boolean().optional(),
})
export type CompanyEditDocument = z.output<typeof companyEditDocument>

/**
 * A logo as sent: a file, or nothing (the logo stays). A form without a chosen file may send
 * the field empty, as text. The file's content decides what it is.
 */
export const logoUpload = z.custom<File | ''>((value) => value instanceof File || value === '', 'A file is expected.')

/** my-company's logo field: none chosen, or a file of at most `limitBytes` (what it is, the server tells). */
export function logoChoice(limitBytes: number) {
  return z
    .custom<File | null>((value) => value === null || value instanceof File)
    .refine((file) => file === null || file.size <= limitBytes, { params: { limit: limitBytes } })
}

export const companyEditBody = z.object({ document: z.string().max(COMPANY_DOCUMENT_MAX_CHARS), logo: logoUpload.optional() })

/** data of a 400: the problems by field of the document (`logo`, `document` for the whole). */
export const companyEditProblems = z.object({ fields: z.record(z.string(), z.array(z.string())) })
export type CompanyEditProblems = z.infer<typeof companyEditProblems>

export const companyEditData = z.object({
  id: z.number().int(),
  /** The fields that changed (`logo` for a new or removed logo); empty when nothing did. */
  changed: z.array(z.string()),
  /** The logo's URL after the save (null: none). */
  logo: z.string().nullable(),
})
export type CompanyEditData = z.infer<typeof companyEditData>

export const companyEditEndpoint = defineEndpoint({
  id: 'companies.edit',
  area: 'companies',
  method: 'POST',
  path: '/vue/company/{id}/edit/',
  summary:
    'Saves my-company. Multipart: "document" (JSON of the company fields: name1, address1, zip, city and country required; name2, address2, vat_number, email, phone, mobile, language, region, discount_group, assortment, lines, auto_approve, remove_logo optional) and an optional "logo" (PNG, JPEG or WebP by content, at most 1 MB; re-encoded without metadata). Master data needs CAN_CREATE_COMPANIES; auto_approve, region, discount_group, assortment and lines are set from above (not on the caller’s own company, except for staff); the logo needs only the company in scope. 400 names the fields; nothing changes on any failure.',
  access: { kind: 'authenticated' },
  scope: { company: 'params.id' },
  failures: [400, 403, 404, 413],
  failureData: { 400: companyEditProblems },
  params: z.object({ id: companyId }),
  query: NO_QUERY,
  body: companyEditBody,
  data: companyEditData,
  // Room for a logo up to twice the limit, so a logo a little too big is told its size and the
  // limit (413 from the handler) rather than only that the request is too large (413 as well).
  multipart: { limitBytes: 2 * appConfig.limits.logoBytes + 64 * 1024, json: { document: companyEditDocument } },
})
