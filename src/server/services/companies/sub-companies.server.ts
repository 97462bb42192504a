import { z } from 'zod'
import { subCompaniesEndpoint } from '../../../contract/company-tree'
import { hotRead } from '../../db/hot-read.server'
import { implement } from '../../endpoint/implement.server'
import { loadReference } from './choices.server'
import { TREE_ROW_FIELDS, treeNode, treeRow } from './tree-node.server'

// GET /vue/company/{id}/sub-companies2/?root=1|0: one level of the tree. The frame has checked
// IS_DEALER_ADMIN and that {id} is in the caller's scope; everything below it is too.
// One statement, one round trip: the company itself, its children (a page, or all of them:
// LIMIT NULL is no limit) by name, and how many children it has. The page is read from the
// (parent_id, name1, id) index alone, in its order, and only its rows are then fetched.
const SUB_COMPANIES_READ = {
  name: 'portal_sub_companies_v2',
  text: `select json_build_object(
      'self', (select json_build_object(${TREE_ROW_FIELDS}) from companies c where c.id = $1),
      'total', (select count(*) from companies k where k.parent_id = $1),
      'rows', coalesce((select json_agg(json_build_object(${TREE_ROW_FIELDS}) order by c.name1, c.id)
        from (select p.id from companies p where p.parent_id = $1 order by p.name1, p.id limit $2 offset $3) page
        join companies c on c.id = page.id), '[]'::json))`,
}

const answer = z.object({ self: treeRow.nullable(), total: z.number().int(), rows: z.array(treeRow) })

export const subCompanies = implement(subCompaniesEndpoint, async ({ db, company, input, locale, nowMs }) => {
  const { root, limit, offset } = input.query
  const [raw, reference] = await Promise.all([hotRead(db, SUB_COMPANIES_READ, [company.id, limit ?? null, offset]), loadReference(db, nowMs)])
  const read = answer.parse(raw)
  const children = read.rows.map((row) => treeNode(row, reference, locale))
  if (root === '0') return { companies: children, total: read.total }
  if (!read.self) throw new Error(`company ${company.id} vanished after the scope check`)
  const self = treeNode(read.self, reference, locale, children)
  return { companies: [{ ...self, expanded: true }], total: read.total }
})
