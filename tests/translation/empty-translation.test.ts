import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { articleEndpoint, catalogEndpoint, dumpEndpoint, systemTextsEndpoint, vartextTextsEndpoint, vartextXmlEndpoint } from '../../src/contract/translation'
import { vartextSaveEndpoint } from '../../src/contract/translation-save'
import { articleUnits, catalogueNodes, texts, translations } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'

// An empty translation is untranslated everywhere: the import does not store one
// and leaves an existing translation alone; empty values already stored (imports before the
// fix kept them) are untranslated in every read, count and save.
let api: TestApi
let token: string
beforeAll(async () => {
  api = await startApi()
  token = await api.loginAs(DEMO_ACCOUNTS.translator.username)
})
afterAll(() => api.close())

function form(xml: string) {
  const data = new FormData()
  data.set('file', new File([xml], 'texts.xml', { type: 'application/xml' }))
  return data
}
const doc = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<vartexts>\n${body}\n</vartexts>\n`
const importXml = (body: string) => api.upload(vartextXmlEndpoint, {}, { form: form(doc(body)) }, { token })

async function valueOf(kind: 'vartext' | 'system' | 'catalogue' | 'article_unit', key: string, code: string) {
  const [row] = await api.database.db
    .select({ value: translations.value })
    .from(translations)
    .innerJoin(texts, eq(texts.id, translations.textId))
    .where(and(eq(texts.kind, kind), eq(texts.key, key), eq(translations.languageCode, code)))
  return row?.value ?? null
}

/** Sets a stored translation to '' as older imports left it. */
async function emptyStored(textId: number, code: string) {
  await api.database.db
    .insert(translations)
    .values({ textId, languageCode: code, value: '', revision: 1, updatedAt: new Date() })
    .onConflictDoUpdate({ target: [translations.textId, translations.languageCode], set: { value: '' } })
}

async function textId(kind: 'vartext' | 'system', key: string) {
  const [row] = await api.database.db
    .select({ id: texts.id })
    .from(texts)
    .where(and(eq(texts.kind, kind), eq(texts.key, key)))
  return row!.id
}

describe('an empty <translation/> in the import', () => {
  it('is not stored and not counted', async () => {
    const result = await importXml('<text key="EMPTY-1"><master>Griff</master><translation lang="fr"/><translation lang="en"></translation></text>')
    expect([result.httpStatus, result.data]).toEqual([200, { texts: { new: 1, changed: 0, unchanged: 0 }, translations: { new: 1, changed: 0, unchanged: 0 } }])
    expect([await valueOf('vartext', 'EMPTY-1', 'fr'), await valueOf('vartext', 'EMPTY-1', 'en')]).toEqual([null, null])
  })

  it('leaves an existing translation alone', async () => {
    await importXml('<text key="EMPTY-2"><master>Griff</master><translation lang="fr">Poignée</translation></text>')
    const result = await importXml('<text key="EMPTY-2"><master>Griff</master><translation lang="fr"/></text>')
    expect(result.data).toEqual({ texts: { new: 0, changed: 0, unchanged: 1 }, translations: { new: 0, changed: 0, unchanged: 1 } })
    expect(await valueOf('vartext', 'EMPTY-2', 'fr')).toBe('Poignée')
  })

  it('still names a known language once', async () => {
    const unknown = await importXml('<text key="EMPTY-3"><master>x</master><translation lang="zz"/></text>')
    expect([unknown.httpStatus, unknown.messages]).toEqual([400, ['Line 3: there is no language zz.']])
    const twice = await importXml('<text key="EMPTY-3"><master>x</master><translation lang="fr"/><translation lang="fr">y</translation></text>')
    expect(twice.messages).toEqual(['Line 3: the text EMPTY-3 has two translations into fr.'])
  })

  it('counts a value imported over a stored empty one as new', async () => {
    await importXml('<text key="EMPTY-4"><master>Griff</master></text>')
    await emptyStored(await textId('vartext', 'EMPTY-4'), 'fr')
    const result = await importXml('<text key="EMPTY-4"><master>Griff</master><translation lang="fr">Poignée</translation></text>')
    expect(result.data).toEqual({ texts: { new: 0, changed: 0, unchanged: 1 }, translations: { new: 1, changed: 0, unchanged: 1 } })
  })
})

describe('a stored empty translation is untranslated', () => {
  for (const [kind, endpoint] of [
    ['vartext', vartextTextsEndpoint],
    ['system', systemTextsEndpoint],
  ] as const) {
    it(`in GET ${endpoint.path}: no value, no stamp`, async () => {
      const [row] = await api.database.db.select({ id: texts.id, key: texts.key }).from(texts).where(eq(texts.kind, kind)).limit(1)
      await emptyStored(row!.id, 'fr')
      const data = (await api.call(endpoint, { src: 'master', dst: 'fr' }, { token })).data
      expect(Object.hasOwn(data.languages.fr![1], row!.key)).toBe(false)
      expect(Object.hasOwn(data.stamps.fr!, row!.key)).toBe(false)
      expect(data.texts.some((entry) => entry.text === row!.key)).toBe(true)
    })
  }

  it('in the catalogue progress and label dictionary', async () => {
    const [label] = await api.database.db
      .select({ nodeId: catalogueNodes.id, catalogueId: catalogueNodes.catalogueId, textId: texts.id, key: texts.key })
      .from(catalogueNodes)
      .innerJoin(texts, eq(texts.id, catalogueNodes.labelTextId))
      .innerJoin(translations, and(eq(translations.textId, texts.id), eq(translations.languageCode, 'fr')))
      .where(eq(catalogueNodes.kind, 'category'))
      .limit(1)
    const read = async () => (await api.call(catalogEndpoint, { src: 'master', dst: 'fr' }, { token })).data
    const before = await read()
    const catalogue = String(label!.catalogueId ?? label!.nodeId)
    await emptyStored(label!.textId, 'fr')
    const after = await read()
    expect(after.progress[catalogue]).toEqual({ total: before.progress[catalogue]!.total, translated: before.progress[catalogue]!.translated - 1 })
    expect(Object.hasOwn(after.languages.fr![1], label!.key)).toBe(false)
  })

  it('in an article’s dictionary and its export', async () => {
    const [unit] = await api.database.db
      .select({ articleId: articleUnits.articleId, tid: articleUnits.tid, url: catalogueNodes.url, textId: texts.id, key: texts.key })
      .from(articleUnits)
      .innerJoin(catalogueNodes, eq(catalogueNodes.id, articleUnits.articleId))
      .innerJoin(texts, eq(texts.id, articleUnits.textId))
      .limit(1)
    await emptyStored(unit!.textId, 'fr')
    const data = (await api.call(articleEndpoint, { id: unit!.articleId, model: unit!.url.split('/').at(-1)!, lang: 'fr' }, { token })).data
    expect(Object.hasOwn(data.languages.fr![1], unit!.key)).toBe(false)
    const dump = (await api.call(dumpEndpoint, { article: unit!.articleId }, { token, body: [unit!.tid] })).data
    expect(dump.units[0]!.texts.master).toBeTruthy()
    expect(Object.hasOwn(dump.units[0]!.texts, 'fr')).toBe(false)
  })

  it('in a save: a translation over it from no base is saved, not a conflict', async () => {
    await importXml('<text key="EMPTY-5"><master>Griff</master></text>')
    await emptyStored(await textId('vartext', 'EMPTY-5'), 'fr')
    const result = await api.call(
      vartextSaveEndpoint,
      { languages: { fr: ['Français', { 'EMPTY-5': 'Poignée' }] }, changes: { fr: ['EMPTY-5'] }, pid2trus: {}, base: { fr: { 'EMPTY-5': null } } },
      { token },
    )
    expect([result.httpStatus, result.messages]).toEqual([200, []])
    expect(await valueOf('vartext', 'EMPTY-5', 'fr')).toBe('Poignée')
  })
})
