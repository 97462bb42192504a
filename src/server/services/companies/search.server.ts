import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { COMPANY_SEARCH_HIT_CAP, companySearchEndpoint } from '../../../contract/company-tree'
import { hotRead } from '../../db/hot-read.server'
import { containsPattern, escapeLike } from '../../db/like.server'
import { implement } from '../../endpoint/implement.server'
import { loadReference } from './choices.server'
import { TREE_ROW_FIELDS, pathIds, treeNode, treeRow } from './tree-node.server'

// GET /vue/company/{id}/search2/?search=: companies below {id} whose name1, customer number or
// city contains the term (decision 027). One more hit than the cap is read to know whether
// there are more; the hits come in the order the indexes give them (no sort over every match)
// and are then sorted by name. The planner, left alone, picks a sequential scan for terms it
// expects to be rare, and reads every company with three ILIKEs each (200–400 ms on 100,000 in
// PGlite). A plain index scan along the path, its next choice for terms it expects to be
// frequent, still reads thousands of rows for a term that is only fairly rare. The three
// trigram indexes (a bitmap of their matches, read up to the cap) are never far off, for any
// term: so the statement runs with sequential and plain index scans off, in its own
// transaction (SET LOCAL), and unprepared: a generic plan cannot see the term. Each match's
// path (company_tree, decision 029) is then looked up by its key, which both scopes it and
// names its ancestors.
const searchStatement = (scopePattern: string, scopeId: number, term: string, cap: number) => sql`
  select coalesce(json_agg(json_build_object(${sql.raw(TREE_ROW_FIELDS)}, 'path', c.path) order by c.name1, c.id), '[]'::json) as hits
  from (select s.*, t.path from companies s join company_tree t on t.company_id = s.id
    where t.path like ${scopePattern} and s.id <> ${scopeId} and (s.name1 ilike ${term} or s.customer_number ilike ${term} or s.city ilike ${term})
    limit ${cap}) c`

const NAMES_READ = {
  name: 'portal_company_names_v1',
  text: `select coalesce(json_agg(json_build_array(c.id, c.name1)), '[]'::json) from companies c where c.id = any($1::int[])`,
}

const names = z.array(z.tuple([z.number().int(), z.string()]))
// Both drivers answer { rows } (PGlite's Results, pg's QueryResult); a json column arrives parsed.
const searchResult = z.object({ rows: z.array(z.object({ hits: z.array(treeRow.extend({ path: z.string() })) })) })

export const companySearch = implement(companySearchEndpoint, async ({ db, company, input, locale, nowMs }) => {
  // The term is trimmed and within its rule (companySearchTerm).
  const statement = searchStatement(`${escapeLike(company.path)}%`, company.id, containsPattern(input.query.search), COMPANY_SEARCH_HIT_CAP + 1)
  const reference = await loadReference(db, nowMs)
  const found = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`)
    await tx.execute(sql`set local enable_indexscan = off`)
    return tx.execute(statement)
  })
  const rows = searchResult.parse(found).rows[0]?.hits ?? []
  const more = rows.length > COMPANY_SEARCH_HIT_CAP
  // The extra row only said that there are more; which one it was depends on the index order.
  const hits = more ? rows.slice(0, COMPANY_SEARCH_HIT_CAP) : rows
  // Ancestors from the searched company down to each hit's parent (its path lies below {id}).
  const ancestorsOf = (path: string) => {
    const ids = pathIds(path)
    return ids.slice(ids.indexOf(company.id), -1)
  }
  const ancestorIds = [...new Set(hits.flatMap((hit) => ancestorsOf(hit.path)))]
  const known = ancestorIds.length > 0 ? new Map(names.parse(await hotRead(db, NAMES_READ, [`{${ancestorIds.join(',')}}`]))) : new Map<number, string>()
  return {
    found: hits.length > 0,
    more,
    companies: hits.map((hit) => ({
      ...treeNode(hit, reference, locale),
      ancestors: ancestorsOf(hit.path).map((id): [number, string] => [id, known.get(id) ?? '']),
    })),
  }
})
