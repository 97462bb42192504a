import { and, asc, eq } from 'drizzle-orm'
import { articleEndpoint, type ArticleUnit } from '../../../contract/translation'
import { m } from '../../../paraglide/messages'
import { articleUnits, catalogueNodes, texts } from '../../db/schema/index'
import { notFound } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'
import { loadDictionaries, loadLanguages } from './texts.server'

// GET /vue/i18n/article/{id}/{model}/?lang=: an article's units as a tree, with the master and
// target dictionaries of exactly the texts it uses (unit texts and combobox options).
export const article = implement(articleEndpoint, async ({ db, input: { params, query } }) => {
  const { names, choices } = await loadLanguages(db, 'master', query.lang)
  const [node] = await db
    .select({ id: catalogueNodes.id, catalogue: catalogueNodes.catalogueId, url: catalogueNodes.url, name: catalogueNodes.name, label: texts.key })
    .from(catalogueNodes)
    .leftJoin(texts, eq(texts.id, catalogueNodes.labelTextId))
    .where(and(eq(catalogueNodes.id, params.id), eq(catalogueNodes.kind, 'article')))
    .limit(1)
  // {model} must name the same article, so a stale or edited link fails instead of showing another.
  if (!node || node.url.split('/').at(-1) !== params.model) {
    throw notFound((locale) => m.translation_article_not_found({}, { locale }))
  }
  const rows = await db
    .select({
      id: articleUnits.id,
      parentId: articleUnits.parentUnitId,
      tid: articleUnits.tid,
      group: articleUnits.groupKind,
      item: articleUnits.itemKind,
      key: texts.key,
      props: articleUnits.props,
    })
    .from(articleUnits)
    .leftJoin(texts, eq(texts.id, articleUnits.textId))
    .where(eq(articleUnits.articleId, node.id))
    .orderBy(asc(articleUnits.position), asc(articleUnits.id))
  const byId = new Map<number, ArticleUnit>()
  for (const row of rows) {
    byId.set(row.id, { tid: row.tid, group: row.group, item: row.item, text: row.key ? [row.key] : [], props: row.props, children: [] })
  }
  const units: ArticleUnit[] = []
  for (const row of rows) {
    const parent = row.parentId === null ? undefined : byId.get(row.parentId)
    if (parent) parent.children.push(byId.get(row.id)!)
    else units.push(byId.get(row.id)!)
  }
  const keys = [...new Set(rows.flatMap((row) => [...(row.key ? [row.key] : []), ...(row.props.options ?? [])]))]
  const { languages, stamps, revisions, states, comments } = await loadDictionaries(db, 'article_unit', names, 'master', query.lang, keys)
  return {
    article: { id: node.id, catalogue: node.catalogue ?? node.id, url: node.url, props: { label: node.label, name: node.name } },
    units,
    languages,
    language_choices: choices,
    stamps,
    revisions,
    states,
    comments,
  }
})
