import { z } from 'zod'
import { COMPANY_TYPES } from '../domain/company-types'
import { NO_BODY, NO_QUERY, defineEndpoint } from './endpoint'
import { pair } from './envelope'

// Companies area. The company entity with its choice lists and defaults.
const idPair = pair(z.number().int())
const codePair = pair(z.string())

export const companyId = z.coerce.number().int().positive().max(2_147_483_647)

export const companyInfo = z
  .object({
    id: z.number().int(),
    name1: z.string(),
    name2: z.string(),
    company_type: z.enum(COMPANY_TYPES),
    parent: idPair.nullable(),
    breadcrumbs: z.array(idPair),
    vat_number: z.string(),
    customer_number: z.string(),
    auto_approve: z.boolean(),
    address1: z.string(),
    address2: z.string(),
    zip: z.string(),
    city: z.string(),
    email: z.string(),
    phone: z.string(),
    mobile: z.string(),
    country: codePair.nullable(),
    country_choices: z.array(codePair),
    country_default: codePair.nullable(),
    region: codePair.nullable(),
    region_choices: z.array(codePair),
    region_default: codePair.nullable(),
    discount_group: codePair.nullable(),
    discount_group_choices: z.array(codePair),
    discount_group_default: codePair.nullable(),
    assortment: codePair.nullable(),
    assortment_choices: z.array(codePair),
    assortment_default: codePair.nullable(),
    language: codePair.nullable(),
    language_choices: z.array(codePair),
    language_default: codePair.nullable(),
    lines: z.array(idPair),
    line_choices: z.array(idPair),
    line_default: idPair.nullable(),
    last_line: idPair.nullable(),
    logo: z.string().nullable(),
    logo_image: z.string().nullable(),
    has_children: z.boolean(),
    expanded: z.boolean(),
    children: z.array(z.unknown()),
  })
  .meta({ id: 'Company' })
export type CompanyInfo = z.infer<typeof companyInfo>

export const companyInfoEndpoint = defineEndpoint({
  id: 'companies.info',
  area: 'companies',
  method: 'GET',
  path: '/vue/company/{id}/info/',
  summary: 'The company entity with its choice lists and defaults.',
  access: { kind: 'authenticated' },
  scope: { company: 'params.id' },
  failures: [403, 404],
  params: z.object({ id: companyId }),
  query: NO_QUERY,
  body: NO_BODY,
  data: companyInfo,
})
