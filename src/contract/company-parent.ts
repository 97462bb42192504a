import { z } from 'zod'
import { COMPANY_TYPES } from '../domain/company-types'
import { COMPANY_FIELD_MAX, PARENT_CHOICES_PAGE } from '../domain/company-fields'
import { companyId } from './companies'
import { NO_BODY, NO_QUERY, defineEndpoint } from './endpoint'
import { pair } from './envelope'
import { countryCode, emailOrBlank } from './field-rules'

// Companies area: moving a company under another parent (change-parent), creating a
// sub-company (company-create) and the printable material overview (decision 029).
const idPair = pair(z.number().int())

/** A possible parent as the change-parent tree shows it; `children` filled only where expanded. */
export type ParentNode = {
  id: number
  name1: string
  city: string
  has_children: boolean
  expanded: boolean
  children: ParentNode[]
}
export const parentNode: z.ZodType<ParentNode> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      name1: z.string(),
      city: z.string(),
      has_children: z.boolean(),
      expanded: z.boolean(),
      children: z.array(parentNode),
    }),
  )
  .meta({ id: 'ParentNode' })

/** What moves along with a company: the companies below it and the users of all of them. */
export const subtreeCounts = z.object({ sub_companies: z.number().int(), users: z.number().int() }).meta({ id: 'SubtreeCounts' })

export const setParentQuery = z.object({
  /** Without it the answer is the top of the caller's scope, expanded one level; with it that node's children. */
  node: companyId.optional(),
  /** Children are paged by name: the first `offset` are skipped. */
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})

export const setParentData = z.object({
  company: idPair,
  /** The current parent ([id, name]); null only for the root company. */
  current: idPair.nullable(),
  /** The top of the caller's scope (default) or the asked node's children; never the company itself or anything below it. */
  children: z.array(parentNode),
  /** The node whose children are listed (`children` itself for the default answer: its one root). */
  node: z.number().int(),
  /** How many children that node has in all, and how many were skipped. */
  total: z.number().int(),
  offset: z.number().int(),
  /** What moves along with the company: the companies below it and the users of all of them. */
  moves_along: subtreeCounts,
})
export type SetParentData = z.infer<typeof setParentData>

export const setParentReadEndpoint = defineEndpoint({
  id: 'companies.set-parent.read',
  area: 'companies',
  method: 'GET',
  path: '/vue/company/{id}/set-parent/',
  summary: `The possible parents of a company (the caller's scope without the company and its sub-companies), lazily: the top level by default, a node's children with ?node= (${PARENT_CHOICES_PAGE} per page, ?offset=); the current parent; what moves along.`,
  access: { kind: 'permission', permission: 'CAN_CREATE_COMPANIES' },
  scope: { company: 'params.id' },
  failures: [403, 404, 409],
  params: z.object({ id: companyId }),
  query: setParentQuery,
  body: NO_BODY,
  data: setParentData,
})

export const setParentInput = z.object({ parent: companyId })

export const setParentEndpoint = defineEndpoint({
  id: 'companies.set-parent',
  area: 'companies',
  method: 'POST',
  path: '/vue/company/{id}/set-parent/',
  summary:
    'Moves the company with everything below it under another company of the caller’s scope (form field or JSON `parent`). Never under itself or its own sub-companies; the whole subtree changes in one transaction.',
  access: { kind: 'permission', permission: 'CAN_CREATE_COMPANIES' },
  scope: { company: 'params.id' },
  failures: [403, 404, 409],
  params: z.object({ id: companyId }),
  query: NO_QUERY,
  body: setParentInput,
  form: true,
  data: z.object({
    company: idPair,
    parent: idPair,
    /** false: the company was already there, nothing changed. */
    changed: z.boolean(),
    moved: subtreeCounts,
  }),
})

const text = (max: number) => z.string().trim().max(max)
const required = (max: number) => z.string().trim().min(1).max(max)

/** The company fields of a new sub-company; limits in src/domain/company-fields.ts. */
export const companyCreateInput = z.object({
  name1: required(COMPANY_FIELD_MAX.name1),
  name2: text(COMPANY_FIELD_MAX.name2).default(''),
  address1: required(COMPANY_FIELD_MAX.address1),
  address2: text(COMPANY_FIELD_MAX.address2).default(''),
  zip: required(COMPANY_FIELD_MAX.zip),
  city: required(COMPANY_FIELD_MAX.city),
  country: countryCode(),
  company_type: z.enum(COMPANY_TYPES).default('X'),
  vat_number: text(COMPANY_FIELD_MAX.vat_number).default(''),
  customer_number: text(COMPANY_FIELD_MAX.customer_number).default(''),
  // Optional, but a real address when given; blank counts as not given.
  email: emailOrBlank(COMPANY_FIELD_MAX.email).default(''),
  phone: text(COMPANY_FIELD_MAX.phone).default(''),
  mobile: text(COMPANY_FIELD_MAX.mobile).default(''),
})
export type CompanyCreateInput = z.input<typeof companyCreateInput>

export const createSubCompanyEndpoint = defineEndpoint({
  id: 'companies.create-sub-company',
  area: 'companies',
  method: 'POST',
  path: '/vue/company/{cid}/create/sub-company/',
  summary: 'Creates a company below {cid}: required name1, address1, zip, city, country (a known code); company_type X, C, D, I or E (X when left out).',
  access: { kind: 'permission', permission: 'CAN_CREATE_COMPANIES' },
  scope: { company: 'params.cid' },
  failures: [403, 404, 409],
  params: z.object({ cid: companyId }),
  query: NO_QUERY,
  body: companyCreateInput,
  data: z.object({ id: z.number().int(), company: idPair, parent: idPair }),
})

export const overviewMaterial = z.object({ material: z.string(), prodname: z.string(), thicknesses: z.string(), texture: z.string() })

export const materialOverviewEndpoint = defineEndpoint({
  id: 'companies.material-overview',
  area: 'companies',
  method: 'GET',
  path: '/vue/material-overview/{id}/',
  summary:
    'The printable overview of a company’s materials per line: an HTML page for a browser (Accept: text/html; the session cookie is read too), the same data in the envelope for a client asking for JSON.',
  access: { kind: 'authenticated' },
  scope: { company: 'params.id' },
  failures: [403, 404],
  params: z.object({ id: companyId }),
  query: NO_QUERY,
  body: NO_BODY,
  document: 'html',
  data: z.object({
    company: idPair,
    lines: z.array(z.object({ line: z.string(), materials: z.array(overviewMaterial) })),
  }),
})
