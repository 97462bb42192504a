import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm'
import { dumpEndpoint } from '../../../contract/translation'
import { m } from '../../../paraglide/messages'
import { articleUnits, catalogueNodes, texts, translationLanguages, translations } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { badRequest, invalidInput, notFound } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'

// POST /vue/i18n/dump/: the named units of an article with their text in every language, for
// a translator to hand to an agency or keep as a record. The spec sends only the tids; the
// article is the one holding them (?article= names it when tids repeat across articles).
export const dump = implement(dumpEndpoint, async ({ db, input: { query, body } }) => {
  const tids = [...new Set(body)]
  const articleId = query.article ?? (await articleHolding(db, tids))
  const [node] = await db
    .select({ id: catalogueNodes.id, url: catalogueNodes.url, name: catalogueNodes.name })
    .from(catalogueNodes)
    .where(and(eq(catalogueNodes.id, articleId), eq(catalogueNodes.kind, 'article')))
  if (!node) throw notFound((locale) => m.translation_article_not_found({}, { locale }))
  const rows = await db
    .select({ tid: articleUnits.tid, group: articleUnits.groupKind, item: articleUnits.itemKind, textId: articleUnits.textId, key: texts.key })
    .from(articleUnits)
    .leftJoin(texts, eq(texts.id, articleUnits.textId))
    .where(and(eq(articleUnits.articleId, node.id), inArray(articleUnits.tid, tids)))
    .orderBy(asc(articleUnits.position), asc(articleUnits.id))
  const found = new Set(rows.map((row) => row.tid))
  const missing = tids.filter((tid) => !found.has(tid))
  if (missing.length > 0) {
    throw invalidInput(missing.slice(0, 10).map((tid) => (locale) => m.translation_unknown_unit({ article: node.id, tid }, { locale })))
  }
  const textIds = rows.flatMap((row) => (row.textId === null ? [] : [row.textId]))
  const values =
    textIds.length === 0
      ? []
      : await db
          .select({ textId: translations.textId, code: translations.languageCode, value: translations.value })
          .from(translations)
          .where(and(inArray(translations.textId, textIds), ne(translations.value, '')))
  const byText = new Map<number, Record<string, string>>()
  for (const value of values) {
    const entry = byText.get(value.textId) ?? {}
    entry[value.code] = value.value
    byText.set(value.textId, entry)
  }
  const languages = await db
    .select({ code: translationLanguages.code, name: translationLanguages.name })
    .from(translationLanguages)
    .orderBy(asc(translationLanguages.position), asc(translationLanguages.code))
  return {
    article: node,
    languages: languages.map((language): [string, string] => [language.code, language.name]),
    units: rows.map((row) => ({
      tid: row.tid,
      group: row.group,
      item: row.item,
      key: row.key,
      texts: row.textId === null ? {} : (byText.get(row.textId) ?? {}),
    })),
  }
})

/**
 * The article holding most of the tids (all of them, normally; any missing ones are then
 * named per unit). Two articles holding as many is ambiguous: the caller names one.
 */
async function articleHolding(db: Db, tids: string[]): Promise<number> {
  const held = sql<number>`count(distinct ${articleUnits.tid})::int`
  const best = await db
    .select({ articleId: articleUnits.articleId, held })
    .from(articleUnits)
    .where(inArray(articleUnits.tid, tids))
    .groupBy(articleUnits.articleId)
    .orderBy(desc(held), asc(articleUnits.articleId))
    .limit(2)
  const [first, second] = best
  if (!first) throw badRequest((locale) => m.translation_dump_no_article({}, { locale }))
  if (second && second.held === first.held) throw badRequest((locale) => m.translation_dump_article_ambiguous({}, { locale }))
  return first.articleId
}
