import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { articleEndpoint, catalogEndpoint, systemTextsEndpoint, vartextTextsEndpoint, vartextXmlEndpoint } from '../../src/contract/translation'
import { historyEndpoint } from '../../src/contract/translation-history'
import { vartextSaveEndpoint } from '../../src/contract/translation-save'
import { catalogueNodes, texts, translations } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'

// Outdated translations (decision 038): the reads send each text's master revision and the
// one each translation was written against; a save of the same value confirms it as current.
let api: TestApi
let token: string
beforeAll(async () => {
  api = await startApi()
  token = await api.loginAs(DEMO_ACCOUNTS.translator.username)
})
afterAll(() => api.close())

type Kind = 'vartext' | 'system' | 'catalogue' | 'article_unit'

/** Key → [text revision, revision of the value in `code` (undefined: no value)], as stored. */
async function storedRevisions(kind: Kind, code: string) {
  const rows = await api.database.db
    .select({ key: texts.key, text: texts.revision, value: translations.value, revision: translations.revision })
    .from(texts)
    .leftJoin(translations, and(eq(translations.textId, texts.id), eq(translations.languageCode, code)))
    .where(eq(texts.kind, kind))
  return new Map(rows.map((row) => [row.key, { text: row.text, value: row.value === '' ? null : row.revision }]))
}

async function vartexts(src = 'master', dst = 'fr') {
  return (await api.call(vartextTextsEndpoint, { src, dst }, { token })).data
}

async function save(code: string, values: Record<string, string>) {
  return api.call(vartextSaveEndpoint, { languages: { [code]: ['', values] }, changes: { [code]: Object.keys(values) }, pid2trus: {} }, { token })
}

/** A French vartext translation made against an older master text (the seed has a few; one is made if not). */
async function outdatedKey(): Promise<string> {
  const data = await vartexts()
  const found = Object.keys(data.revisions.fr!).find((key) => data.revisions.fr![key]! < data.revisions.master![key]!)
  if (found) return found
  const key = Object.keys(data.languages.fr![1])[0]!
  await api.database.db
    .update(texts)
    .set({ revision: 3 })
    .where(and(eq(texts.kind, 'vartext'), eq(texts.key, key)))
  return key
}

function importForm(xml: string) {
  const data = new FormData()
  data.set('file', new File([`<?xml version="1.0" encoding="UTF-8"?>\n<vartexts>\n${xml}\n</vartexts>\n`], 'texts.xml', { type: 'application/xml' }))
  return data
}

describe('revisions in the reads', () => {
  it('vartext and system: every text’s master revision under src, each value’s revision under dst', async () => {
    for (const [kind, endpoint] of [
      ['vartext', vartextTextsEndpoint],
      ['system', systemTextsEndpoint],
    ] as const) {
      const { data } = await api.call(endpoint, { src: 'master', dst: 'fr' }, { token })
      const stored = await storedRevisions(kind, 'fr')
      expect(Object.keys(data.revisions).sort()).toEqual(['fr', 'master'])
      expect(data.revisions.master).toEqual(Object.fromEntries([...stored].map(([key, row]) => [key, row.text])))
      expect(data.revisions.fr).toEqual(Object.fromEntries([...stored].filter(([, row]) => row.value !== null).map(([key, row]) => [key, row.value])))
      // Exactly the translated keys, as the stamps.
      expect(Object.keys(data.revisions.fr!).sort()).toEqual(Object.keys(data.stamps.fr!).sort())
    }
  })

  it('answers the seed’s outdated translations as revisions lower than their text’s', async () => {
    const key = await outdatedKey()
    const data = await vartexts()
    expect(data.revisions.fr![key]).toBeLessThan(data.revisions.master![key]!)
  })

  it('names the master revision under src whatever language the source is', async () => {
    const data = await vartexts('en', 'fr')
    const stored = await storedRevisions('vartext', 'fr')
    expect(data.revisions.en).toEqual(Object.fromEntries([...stored].map(([key, row]) => [key, row.text])))
  })

  it('catalogue and article answers carry them too', async () => {
    const catalog = (await api.call(catalogEndpoint, { src: 'master', dst: 'fr' }, { token })).data
    const labels = await storedRevisions('catalogue', 'fr')
    expect(catalog.revisions.master).toEqual(Object.fromEntries([...labels].map(([key, row]) => [key, row.text])))
    expect(Object.keys(catalog.revisions.fr!).sort()).toEqual(Object.keys(catalog.stamps.fr!).sort())
    const [node] = await api.database.db
      .select({ id: catalogueNodes.id, url: catalogueNodes.url })
      .from(catalogueNodes)
      .where(eq(catalogueNodes.kind, 'article'))
      .orderBy(catalogueNodes.id)
      .limit(1)
    const result = await api.call(articleEndpoint, { id: node!.id, model: node!.url.split('/').at(-1)!, lang: 'fr' }, { token })
    const article = result.data
    const keys = Object.keys(article.revisions.master!)
    expect(keys.length).toBeGreaterThan(0)
    const units = await api.database.db
      .select({ key: texts.key, revision: texts.revision })
      .from(texts)
      .where(and(eq(texts.kind, 'article_unit'), inArray(texts.key, keys)))
    expect(article.revisions.master).toEqual(Object.fromEntries(units.map((row) => [row.key, row.revision])))
    expect(Object.keys(article.revisions.fr!).sort()).toEqual(Object.keys(article.stamps.fr!).sort())
  })
})

describe('a changed master text makes its translations outdated', () => {
  it('the XML import raises the text’s revision when the master text changes, not otherwise', async () => {
    const key = 'OUTDATED-1'
    const file = (master: string, extra = '') =>
      importForm(`<text key="${key}"${extra}><master>${master}</master><translation lang="fr">Porte</translation></text>`)
    expect((await api.upload(vartextXmlEndpoint, {}, { form: file('Tür') }, { token })).httpStatus).toBe(200)
    let data = await vartexts()
    expect({ master: data.revisions.master![key], fr: data.revisions.fr![key] }).toEqual({ master: 1, fr: 1 })
    // A new description alone leaves the revision.
    await api.upload(vartextXmlEndpoint, {}, { form: importForm(`<text key="${key}"><desc>Neu</desc><master>Tür</master></text>`) }, { token })
    expect((await vartexts()).revisions.master![key]).toBe(1)
    await api.upload(vartextXmlEndpoint, {}, { form: importForm(`<text key="${key}"><master>Haustür</master></text>`) }, { token })
    data = await vartexts()
    expect({ master: data.revisions.master![key], fr: data.revisions.fr![key] }).toEqual({ master: 2, fr: 1 })
  })

  it('a save of a master text is refused and changes no revision', async () => {
    const data = await vartexts()
    const key = Object.keys(data.revisions.master!)[0]!
    const result = await save('master', { [key]: 'Neuer Quelltext' })
    expect(result.httpStatus).toBe(400)
    expect((await vartexts()).revisions.master![key]).toBe(data.revisions.master![key])
  })
})

describe('saving makes a translation current', () => {
  it('the same value saved again confirms it: current revision, a new stamp, a confirmation in the history', async () => {
    const key = await outdatedKey()
    const before = await vartexts()
    const value = before.languages.fr![1][key]!
    const result = await save('fr', { [key]: value })
    expect(result.httpStatus).toBe(200)
    const stamp = result.data.saved.fr![key]!
    expect(stamp).not.toBe(before.stamps.fr![key])
    const after = await vartexts()
    expect(after.revisions.fr![key]).toBe(before.revisions.master![key])
    expect(after.languages.fr![1][key]).toBe(value)
    expect(after.stamps.fr![key]).toBe(stamp)
    const history = (await api.call(historyEndpoint, { kind: 'vartext', key, language: 'fr' }, { token })).data
    expect(history.entries[0]).toMatchObject({ before: value, after: value, revision: before.revisions.master![key], at: stamp })
    // Once current, the same value again changes nothing.
    const again = await save('fr', { [key]: value })
    expect(again.data.saved.fr![key]).toBe(stamp)
    const unchanged = (await api.call(historyEndpoint, { kind: 'vartext', key, language: 'fr' }, { token })).data
    expect(unchanged.entries).toHaveLength(history.entries.length)
  })

  it('a changed value is written against the current revision', async () => {
    const key = 'OUTDATED-2'
    await api.upload(
      vartextXmlEndpoint,
      {},
      { form: importForm(`<text key="${key}"><master>Griff</master><translation lang="fr">Poignée</translation></text>`) },
      { token },
    )
    await api.upload(vartextXmlEndpoint, {}, { form: importForm(`<text key="${key}"><master>Türgriff</master></text>`) }, { token })
    expect((await vartexts()).revisions.fr![key]).toBe(1)
    expect((await save('fr', { [key]: 'Poignée de porte' })).httpStatus).toBe(200)
    const data = await vartexts()
    expect({ master: data.revisions.master![key], fr: data.revisions.fr![key] }).toEqual({ master: 2, fr: 2 })
    // Removed, it has no revision any more.
    await save('fr', { [key]: '' })
    expect((await vartexts()).revisions.fr![key]).toBeUndefined()
  })
})
