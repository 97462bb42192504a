import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { articleEndpoint, catalogEndpoint, systemTextsEndpoint, vartextTextsEndpoint, type ArticleUnit, type CatalogNode } from '../../src/contract/translation'
import { articleUnits, catalogueNodes, texts, translations } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'
import { unchecked } from '../helpers/endpoint-call'

let api: TestApi
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

const { translator, carpenter } = DEMO_ACCOUNTS

for (const [kind, endpoint] of [
  ['vartext', vartextTextsEndpoint],
  ['system', systemTextsEndpoint],
] as const) {
  describe(`GET ${endpoint.path}`, () => {
    it('answers every entry of its kind with the source and target dictionaries', async () => {
      const token = await api.loginAs(translator.username)
      const result = await api.call(endpoint, { src: 'master', dst: 'fr' }, { token })
      expect(result.httpStatus).toBe(200)
      const data = result.data
      const stored = await api.database.db.select({ key: texts.key }).from(texts).where(eq(texts.kind, kind))
      expect(data.texts.map((entry) => entry.text).sort()).toEqual(stored.map((row) => row.key).sort())
      expect(Object.keys(data.languages).sort()).toEqual(['fr', 'master'])
      const [, master] = data.languages.master!
      const [frName, french] = data.languages.fr!
      expect(frName).toBeTruthy()
      // Every entry has its source text; only part of them is translated into French.
      for (const entry of data.texts) expect(master[entry.text]).toBeTruthy()
      const translated = data.texts.filter((entry) => entry.text in french).length
      expect(translated).toBeGreaterThan(0)
      expect(translated).toBeLessThan(data.texts.length)
      // A value and its stamp come from the same stored row.
      const [key, value] = Object.entries(french)[0]!
      const [row] = await api.database.db
        .select({ value: translations.value, updatedAt: translations.updatedAt })
        .from(translations)
        .innerJoin(texts, eq(texts.id, translations.textId))
        .where(and(eq(texts.kind, kind), eq(texts.key, key), eq(translations.languageCode, 'fr')))
      expect(value).toBe(row!.value)
      expect(data.stamps.fr![key]).toBe(row!.updatedAt.toISOString())
      expect(data.language_choices.map(([code]) => code)).toEqual(expect.arrayContaining(['master', 'en', 'fr']))
      expect(data.t9n_tags).toEqual([...new Set(data.texts.flatMap((entry) => entry.tags))].sort())
    })

    it('defaults to source master and target en', async () => {
      const token = await api.loginAs(translator.username)
      const data = (await api.call(endpoint, {}, { token })).data
      expect(Object.keys(data.languages).sort()).toEqual(['en', 'master'])
    })

    it('refuses an unknown or malformed language with a clear message', async () => {
      const token = await api.loginAs(translator.username)
      const unknown = await api.call(endpoint, { src: 'master', dst: 'xx' }, { token })
      expect(unknown.httpStatus).toBe(400)
      expect(unknown.messages).toEqual(['There is no language xx.'])
      const malformed = await api.call(endpoint, { dst: 'en;drop' }, { token })
      expect(malformed.httpStatus).toBe(400)
      expect(malformed.status).toBe(false)
    })

    it('refuses the same language as source and target, in the caller’s language', async () => {
      const token = await api.loginAs(translator.username)
      for (const [query, locale, message] of [
        [{ src: 'en', dst: 'en' }, 'en', 'Source and target language must differ.'],
        [{ src: 'fr', dst: 'fr' }, 'de', 'Ausgangs- und Zielsprache müssen sich unterscheiden.'],
        [{ src: 'master', dst: 'master' }, 'en', 'Source and target language must differ.'],
      ] as const) {
        const result = await api.call(endpoint, query, { token, locale })
        expect(result.httpStatus, `${query.src} → ${query.dst}`).toBe(400)
        expect(result.messages).toEqual([message])
      }
      // Without the permission the answer says only that.
      const carpenterToken = await api.loginAs(carpenter.username)
      expect((await api.call(endpoint, { src: 'en', dst: 'en' }, { token: carpenterToken })).httpStatus).toBe(403)
    })

    it('needs a token', async () => {
      expect((await api.call(endpoint)).httpStatus).toBe(401)
    })

    it('needs CAN_TRANSLATE', async () => {
      const token = await api.loginAs(carpenter.username)
      const result = await api.call(endpoint, {}, { token })
      expect(result.httpStatus).toBe(403)
      expect(result.status).toBe(false)
    })
  })
}

describe('GET /vue/i18n/catalog/', () => {
  it('answers the catalogues as trees with label dictionaries and progress', async () => {
    const token = await api.loginAs(translator.username)
    const result = await api.call(catalogEndpoint, { src: 'master', dst: 'fr' }, { token })
    expect(result.httpStatus).toBe(200)
    const data = result.data
    expect(data.catalogues.length).toBe(2)
    const nodes: CatalogNode[] = []
    const walk = (node: CatalogNode) => {
      nodes.push(node)
      node.children.forEach(walk)
    }
    data.catalogues.forEach(walk)
    const stored = await api.database.db.select({ id: catalogueNodes.id }).from(catalogueNodes)
    expect(nodes.length).toBe(stored.length)
    expect(data.catalogues.every((root) => root.kind === 'catalog')).toBe(true)
    expect(nodes.some((node) => node.kind === 'article')).toBe(true)
    // Every label key has its master text; part of them has a French one.
    const [, master] = data.languages.master!
    const [, french] = data.languages.fr!
    for (const node of nodes) expect(master[node.props.label!]).toBeTruthy()
    const labelled = nodes.filter((node) => node.props.label! in french).length
    expect(labelled).toBeGreaterThan(0)
    expect(labelled).toBeLessThan(nodes.length)
    for (const root of data.catalogues) {
      const progress = data.progress[String(root.id)]!
      expect(progress.total).toBeGreaterThan(nodes.filter((node) => node.kind === 'article').length / 2)
      expect(progress.translated).toBeGreaterThan(0)
      expect(progress.translated).toBeLessThan(progress.total)
    }
  })

  it('refuses an unknown language, a missing token and a user without CAN_TRANSLATE', async () => {
    const token = await api.loginAs(translator.username)
    expect((await api.call(catalogEndpoint, { dst: 'zz' }, { token })).httpStatus).toBe(400)
    const same = await api.call(catalogEndpoint, { src: 'fr', dst: 'fr' }, { token })
    expect(same.httpStatus).toBe(400)
    expect(same.messages).toEqual(['Source and target language must differ.'])
    expect((await api.call(catalogEndpoint)).httpStatus).toBe(401)
    const carpenterToken = await api.loginAs(carpenter.username)
    expect((await api.call(catalogEndpoint, {}, { token: carpenterToken })).httpStatus).toBe(403)
  })
})

describe('GET /vue/i18n/article/{id}/{model}/', () => {
  async function firstArticle() {
    const [row] = await api.database.db
      .select({ id: catalogueNodes.id, url: catalogueNodes.url })
      .from(catalogueNodes)
      .where(eq(catalogueNodes.kind, 'article'))
      .orderBy(catalogueNodes.id)
      .limit(1)
    return { id: row!.id, model: row!.url.split('/').at(-1)! }
  }

  it('answers the article’s units as a tree with every group and item kind, and their dictionaries', async () => {
    const token = await api.loginAs(translator.username)
    const { id, model } = await firstArticle()
    const result = await api.call(articleEndpoint, { id, model, lang: 'fr' }, { token })
    expect(result.httpStatus).toBe(200)
    const data = result.data
    expect(data.article.id).toBe(id)
    const all: ArticleUnit[] = []
    const walk = (unit: ArticleUnit) => {
      all.push(unit)
      unit.children.forEach(walk)
    }
    data.units.forEach(walk)
    const stored = await api.database.db.select({ id: articleUnits.id }).from(articleUnits).where(eq(articleUnits.articleId, id))
    expect(all.length).toBe(stored.length)
    expect(new Set(all.map((unit) => unit.group).filter(Boolean))).toEqual(new Set(['row', 'multirow', 'frame', 'accordion']))
    expect(new Set(all.map((unit) => unit.item).filter(Boolean))).toEqual(
      new Set(['text', 'editbox', 'checkbox', 'combobox', 'sum', 'messagebox', 'tooltip', 'logic']),
    )
    const [, master] = data.languages.master!
    const keys = all.flatMap((unit) => [...unit.text, ...(unit.props.options ?? [])])
    for (const key of keys) expect(master[key]).toBeTruthy()
    // Only this article's texts come along.
    expect(Object.keys(master).sort()).toEqual([...new Set(keys)].sort())
  })

  it('answers 404 when {model} does not name that article, and 400 for a bad id or language', async () => {
    const token = await api.loginAs(translator.username)
    const { id, model } = await firstArticle()
    const wrong = await api.call(articleEndpoint, { id, model: `not-${model}` }, { token })
    expect(wrong.httpStatus).toBe(404)
    expect(wrong.messages).toEqual(['There is no such article.'])
    expect((await api.call(articleEndpoint, unchecked({ id: 'abc', model }), { token })).httpStatus).toBe(400)
    expect((await api.call(articleEndpoint, { id, model, lang: 'zz' }, { token })).httpStatus).toBe(400)
    // The master texts are the source: they are no target.
    const master = await api.call(articleEndpoint, { id, model, lang: 'master' }, { token })
    expect(master.httpStatus).toBe(400)
    expect(master.messages).toEqual(['Source and target language must differ.'])
  })

  it('needs a token and CAN_TRANSLATE', async () => {
    const { id, model } = await firstArticle()
    expect((await api.call(articleEndpoint, { id, model })).httpStatus).toBe(401)
    const token = await api.loginAs(carpenter.username)
    expect((await api.call(articleEndpoint, { id, model }, { token })).httpStatus).toBe(403)
  })
})
