import { z } from 'zod'
import type { CompanyNode } from '../../../contract/company-tree'
import type { Locale } from '../../../contract/envelope'
import { COMPANY_TYPES } from '../../../domain/company-types'
import { pairOf, type Reference } from './choices.server'

// A company row of the tree calls, as the statements build it (json_build_object), and its
// shape in the answer: the Company fields a tree row needs. No path: it lives in
// company_tree, and only search needs it (for the ancestors), so only search joins it.
export const TREE_ROW_FIELDS = `'id', c.id, 'name1', c.name1, 'name2', c.name2, 'customer_number', c.customer_number,
  'city', c.city, 'zip', c.zip, 'country', c.country, 'company_type', c.company_type,
  'has_children', exists (select 1 from companies k where k.parent_id = c.id)`

export const treeRow = z.object({
  id: z.number().int(),
  name1: z.string(),
  name2: z.string(),
  customer_number: z.string().nullable(),
  city: z.string(),
  zip: z.string(),
  country: z.string(),
  company_type: z.enum(COMPANY_TYPES),
  has_children: z.boolean(),
})
export type TreeRow = z.infer<typeof treeRow>

export function treeNode(row: TreeRow, reference: Reference, locale: Locale, children: CompanyNode[] = []): CompanyNode {
  return {
    id: row.id,
    name1: row.name1,
    name2: row.name2,
    customer_number: row.customer_number ?? '',
    city: row.city,
    zip: row.zip,
    country: pairOf(reference.countries, row.country, locale),
    company_type: row.company_type,
    has_children: row.has_children,
    // A node is expanded when the answer carries its children (the root of root=1).
    expanded: children.length > 0,
    children,
  }
}

/** The ids on a materialized path ('/1/5/23/' → [1, 5, 23]). */
export function pathIds(path: string): number[] {
  return path.split('/').filter(Boolean).map(Number)
}
