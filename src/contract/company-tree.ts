import { z } from 'zod'
import { COMPANY_TYPES } from '../domain/company-types'
import { COMPANY_SEARCH_HIT_CAP, COMPANY_SEARCH_MAX, COMPANY_SEARCH_MIN } from '../domain/limits'
// Screens read these from src/domain (no zod there); the contract names them too.
export { COMPANY_SEARCH_HIT_CAP, COMPANY_SEARCH_MAX, TREE_PAGE_SIZE } from '../domain/limits'
import { NO_BODY, defineEndpoint } from './endpoint'
import { refuseByRule } from './rule-words'
import { pair } from './envelope'
import { companyId } from './companies'
import { MAX_RECORD_ID } from './record-id'

// Companies area, the tree (decision 027): the sub-companies of a
// company, one level at a time, and the search below it.

/** The most children one call answers when the screen asks for a page (limit). */
export const TREE_PAGE_MAX = 1000

const idPair = pair(z.number().int())

// The Company fields a tree row needs, choice fields as [code, label] pairs.
const nodeFields = {
  id: z.number().int(),
  name1: z.string(),
  name2: z.string(),
  customer_number: z.string(),
  city: z.string(),
  zip: z.string(),
  country: pair(z.string()).nullable(),
  company_type: z.enum(COMPANY_TYPES),
  has_children: z.boolean(),
  expanded: z.boolean(),
}

export type CompanyNode = z.infer<typeof companyNodeBase> & { children: CompanyNode[] }
const companyNodeBase = z.object(nodeFields)
export const companyNode: z.ZodType<CompanyNode> = companyNodeBase.extend({ children: z.array(z.lazy(() => companyNode)) }).meta({ id: 'CompanyNode' })

/** A search hit: the company and the companies from the searched one down to its parent. */
export const companySearchHit = companyNodeBase.extend({ children: z.array(companyNode), ancestors: z.array(idPair) }).meta({ id: 'CompanySearchHit' })
export type CompanySearchHit = z.infer<typeof companySearchHit>

// A flag as the legacy API sends it (?root=1 or 0).
const flag = z.enum(['0', '1'])

export const subCompaniesEndpoint = defineEndpoint({
  id: 'companies.sub-companies',
  area: 'companies',
  method: 'GET',
  path: '/vue/company/{id}/sub-companies2/',
  summary:
    'The direct children of a company (root=0), or the company itself as the root node with its direct children (root=1). All children by default; limit and offset ask for one page, total counts them all.',
  access: { kind: 'permission', permission: 'IS_DEALER_ADMIN' },
  scope: { company: 'params.id' },
  failures: [403, 404],
  params: z.object({ id: companyId }),
  query: z.object({
    root: flag.default('0'),
    limit: z.coerce.number().int().min(1).max(TREE_PAGE_MAX).optional(),
    offset: z.coerce.number().int().min(0).max(MAX_RECORD_ID).default(0),
  }),
  body: NO_BODY,
  data: z.object({
    companies: z.array(companyNode),
    /** How many children the listed level has in all (the paged screen sizes its list by it). */
    total: z.number().int(),
  }),
})

/** The search term rule: at least 3 characters after trimming, at most 100. */
export const companySearchTerm = z
  .string()
  .trim()
  .superRefine((value, context) => {
    if (value.length < COMPANY_SEARCH_MIN) refuseByRule(context, value, { rule: 'search_term', problem: 'too_short', limit: COMPANY_SEARCH_MIN })
    else if (value.length > COMPANY_SEARCH_MAX) refuseByRule(context, value, { rule: 'search_term', problem: 'too_long', limit: COMPANY_SEARCH_MAX })
  })
  .min(COMPANY_SEARCH_MIN)
  .max(COMPANY_SEARCH_MAX)

export const companySearchEndpoint = defineEndpoint({
  id: 'companies.search',
  area: 'companies',
  method: 'GET',
  path: '/vue/company/{id}/search2/',
  summary: `Companies below {id} whose name, customer number or city contains the term (at least ${COMPANY_SEARCH_MIN} characters, case-insensitive; % _ and \\ are plain characters). At most ${COMPANY_SEARCH_HIT_CAP} hits, each with its ancestors from {id} down; more tells whether there were more.`,
  access: { kind: 'permission', permission: 'IS_DEALER_ADMIN' },
  scope: { company: 'params.id' },
  failures: [403, 404],
  params: z.object({ id: companyId }),
  // The term's rule is in the document (decision 019): a short one is a 400 before the scope is looked at.
  query: z.object({ search: companySearchTerm.describe('The term: at least 3 and at most 100 characters after trimming.') }),
  body: NO_BODY,
  data: z.object({
    found: z.boolean(),
    companies: z.array(companySearchHit),
    more: z.boolean(),
  }),
})
