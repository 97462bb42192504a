import { asc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { catalogEndpoint, type CatalogNode } from '../../../contract/translation'
import { catalogueNodes, texts } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { implement } from '../../endpoint/implement.server'
import { loadDictionaries, loadLanguages } from './texts.server'

// GET /vue/i18n/catalog/: every catalogue as a tree (catalog → categories → articles), the
// label dictionaries of src and dst, and per catalogue how many of its texts dst has.
export const catalog = implement(catalogEndpoint, async ({ db, input: { query } }) => {
  const { names, choices } = await loadLanguages(db, query.src, query.dst)
  const [rows, { languages, stamps, revisions, states, comments }, progress] = await Promise.all([
    db
      .select({
        id: catalogueNodes.id,
        parentId: catalogueNodes.parentId,
        kind: catalogueNodes.kind,
        name: catalogueNodes.name,
        label: texts.key,
        image: catalogueNodes.image,
        url: catalogueNodes.url,
        tags: catalogueNodes.t9nTags,
      })
      .from(catalogueNodes)
      .leftJoin(texts, eq(texts.id, catalogueNodes.labelTextId))
      .orderBy(asc(catalogueNodes.position), asc(catalogueNodes.id)),
    loadDictionaries(db, 'catalogue', names, query.src, query.dst),
    catalogueProgress(db, query.dst),
  ])
  const byId = new Map<number, CatalogNode>()
  for (const row of rows) {
    byId.set(row.id, {
      id: row.id,
      kind: row.kind,
      props: { label: row.label, name: row.name, image: row.image },
      t9n_tags: row.tags,
      url: row.url,
      children: [],
    })
  }
  const roots: CatalogNode[] = []
  for (const row of rows) {
    const node = byId.get(row.id)!
    const parent = row.parentId === null ? undefined : byId.get(row.parentId)
    if (parent) parent.children.push(node)
    else roots.push(node)
  }
  return { catalogues: roots, languages, language_choices: choices, progress, stamps, revisions, states, comments }
})

const progressRow = z.object({ catalogue_id: z.coerce.number(), total: z.coerce.number(), translated: z.coerce.number() })

/** (catalogue_id, text_id): the labels of a catalogue's nodes and the texts of its articles' units, once each. */
export const catalogueScopeSql = sql`
  select coalesce(n.catalogue_id, n.id) as catalogue_id, n.label_text_id as text_id
    from catalogue_nodes n where n.label_text_id is not null
  union
  select coalesce(n.catalogue_id, n.id), u.text_id
    from article_units u join catalogue_nodes n on n.id = u.article_id where u.text_id is not null`

/** Labels of a catalogue's nodes and texts of its articles' units, counted once each; an empty value is untranslated. */
async function catalogueProgress(db: Db, dst: string): Promise<Record<string, { total: number; translated: number }>> {
  const result = await db.execute(sql`
    with scope as (${catalogueScopeSql})
    select s.catalogue_id, count(distinct s.text_id) as total, count(distinct t.text_id) as translated
      from scope s left join translations t on t.text_id = s.text_id and t.language_code = ${dst} and t.value <> ''
     group by s.catalogue_id`)
  // PGlite and node-postgres both answer { rows }.
  const { rows } = z.object({ rows: z.array(progressRow) }).parse(result)
  return Object.fromEntries(rows.map((row) => [String(row.catalogue_id), { total: row.total, translated: row.translated }]))
}
