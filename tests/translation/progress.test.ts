import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { glossaryCreateEndpoint } from '../../src/contract/glossary'
import { catalogEndpoint, vartextTextsEndpoint, vartextXmlEndpoint } from '../../src/contract/translation'
import { vartextSaveEndpoint, type SaveBody } from '../../src/contract/translation-save'
import { progressEndpoint, reviewEndpoint, type LanguageProgress, type ProgressData } from '../../src/contract/translation-team'
import { checkTranslation } from '../../src/domain/translation-checks'
import { catalogueNodes, texts, translationHistory, translations } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'

// GET /vue/i18n/progress/: how far each area is per language, and who worked on it lately (docs/decisions/049).
let api: TestApi
let translator: string
let reviewer: string
beforeAll(async () => {
  api = await startApi()
  translator = await api.loginAs(DEMO_ACCOUNTS.translator.username)
  reviewer = await api.loginAs(DEMO_ACCOUNTS.reviewer.username)
})
afterAll(() => api.close())

const DAY_MS = 24 * 60 * 60 * 1000

async function progress(nowMs?: number): Promise<ProgressData> {
  const result = await api.call(progressEndpoint, {}, { token: translator, nowMs })
  expect(result.httpStatus, JSON.stringify(result.messages)).toBe(200)
  return result.data
}

function vartextFr(data: ProgressData): LanguageProgress {
  return data.areas.find((area) => area.kind === 'vartext')!.languages.fr!
}

function personOf(data: ProgressData, username: string) {
  return data.people.find((person) => person.username === username) ?? { translated: 0, reviewed: 0 }
}

async function vartexts() {
  return (await api.call(vartextTextsEndpoint, { src: 'master', dst: 'fr' }, { token: translator })).data
}

function saveFr(values: Record<string, string>, code = 'fr') {
  const body: SaveBody = { languages: { [code]: ['', values] }, changes: { [code]: Object.keys(values) }, pid2trus: {} }
  return api.call(vartextSaveEndpoint, body, { token: translator })
}

function importXml(xml: string) {
  const data = new FormData()
  data.set('file', new File([`<?xml version="1.0" encoding="UTF-8"?>\n<vartexts>\n${xml}\n</vartexts>\n`], 'texts.xml', { type: 'application/xml' }))
  return api.upload(vartextXmlEndpoint, {}, { form: data }, { token: translator })
}

/** The differences of two counts, without the zeros. */
function delta(after: LanguageProgress, before: LanguageProgress): Partial<LanguageProgress> {
  const keys = ['untranslated', 'translated', 'approved', 'needs_editing', 'outdated', 'with_issues'] as const
  return Object.fromEntries(keys.map((key) => [key, after[key] - before[key]]).filter(([, value]) => value !== 0))
}

let taken = 0
async function untranslatedKey(): Promise<string> {
  const data = await vartexts()
  const keys = Object.keys(data.revisions.master!)
    .filter((key) => key.startsWith('VT-') && data.stamps.fr![key] === undefined)
    .sort()
  return keys[taken++]!
}

describe(`GET ${progressEndpoint.path}`, () => {
  it('lists vartext, system and every catalogue, each with every language but master', async () => {
    const data = await progress()
    const catalogues = await api.database.db
      .select({ id: catalogueNodes.id, name: catalogueNodes.name })
      .from(catalogueNodes)
      .where(eq(catalogueNodes.kind, 'catalog'))
      .orderBy(asc(catalogueNodes.position), asc(catalogueNodes.id))
    expect(catalogues.length).toBeGreaterThan(0)
    expect(data.areas.map((area) => [area.kind, area.catalog, area.name])).toEqual([
      ['vartext', null, null],
      ['system', null, null],
      ...catalogues.map((catalogue) => ['catalog', catalogue.id, catalogue.name]),
    ])
    expect(data.language_choices.map(([code]) => code)).toEqual(['de', 'en', 'fr'])
    for (const area of data.areas) {
      expect(Object.keys(area.languages).sort()).toEqual(['de', 'en', 'fr'])
      for (const counts of Object.values(area.languages)) {
        expect(counts.untranslated + counts.outdated + counts.translated + counts.approved + counts.needs_editing).toBe(area.total)
        expect(counts.with_issues).toBeLessThanOrEqual(area.total - counts.untranslated - counts.outdated)
      }
    }
  })

  it('counts as the stored rows say: every vartext, its fr value, its revision', async () => {
    const rows = await api.database.db
      .select({ revision: texts.revision, value: translations.value, valueRevision: translations.revision })
      .from(texts)
      .leftJoin(translations, and(eq(translations.textId, texts.id), eq(translations.languageCode, 'fr')))
      .where(eq(texts.kind, 'vartext'))
    const data = await progress()
    const area = data.areas.find((candidate) => candidate.kind === 'vartext')!
    expect(area.total).toBe(rows.length)
    const untranslated = rows.filter((row) => !row.value).length
    const outdated = rows.filter((row) => row.value && row.valueRevision! < row.revision).length
    expect(untranslated).toBeGreaterThan(0)
    expect(vartextFr(data)).toMatchObject({ untranslated, outdated })
  })

  it('counts a catalogue’s labels and article texts as the catalogue read does', async () => {
    const catalog = (await api.call(catalogEndpoint, { src: 'master', dst: 'en' }, { token: translator })).data
    const data = await progress()
    for (const area of data.areas.filter((candidate) => candidate.kind === 'catalog')) {
      const read = catalog.progress[String(area.catalog)] ?? { total: 0, translated: 0 }
      expect(area.total, area.name ?? '').toBe(read.total)
      expect(area.languages.en!.untranslated, area.name ?? '').toBe(read.total - read.translated)
    }
  })

  it('follows saves, reviews and a changed master text', async () => {
    const [clean, broken] = [await untranslatedKey(), await untranslatedKey()]
    const start = vartextFr(await progress())
    const master = (await vartexts()).languages.master![1][clean]!
    const saved = await saveFr({ [clean]: master, [broken]: 'Tiroir {99}' })
    expect(saved.httpStatus, JSON.stringify(saved.messages)).toBe(200)
    // "with issues" as the save's own checks found them.
    const issues = saved.data.issues.fr ?? {}
    expect(issues[broken]).toBeDefined()
    const flagged = Object.keys(issues).length
    const afterSave = vartextFr(await progress())
    expect(delta(afterSave, start)).toEqual({ untranslated: -2, translated: 2, with_issues: flagged })

    expect((await api.call(reviewEndpoint, { kind: 'vartext', lang: 'fr', keys: [clean], state: 'approved' }, { token: reviewer })).httpStatus).toBe(200)
    expect((await api.call(reviewEndpoint, { kind: 'vartext', lang: 'fr', keys: [broken], state: 'needs_editing' }, { token: reviewer })).httpStatus).toBe(200)
    const afterReview = vartextFr(await progress())
    expect(delta(afterReview, afterSave)).toEqual({ translated: -2, approved: 1, needs_editing: 1 })

    // A new master text makes the approved value outdated: no longer approved, nor checked.
    expect((await importXml(`<text key="${clean}"><master>Neuer Quelltext</master></text>`)).httpStatus).toBe(200)
    const afterMaster = vartextFr(await progress())
    expect(delta(afterMaster, afterReview)).toEqual({ approved: -1, outdated: 1, ...(issues[clean] ? { with_issues: -1 } : {}) })
  })

  it('finds issues with the glossary, as the save does', async () => {
    const source = 'Der Quuxschrank steht links.'
    const value = 'L’armoire est à gauche.'
    expect(checkTranslation(source, value, { sourceLanguage: 'master', targetLanguage: 'fr' })).toEqual([])
    expect((await importXml(`<text key="PROGRESS-GLOSSARY"><master>${source}</master><translation lang="fr">${value}</translation></text>`)).httpStatus).toBe(
      200,
    )
    const before = vartextFr(await progress())
    const term = await api.call(glossaryCreateEndpoint, { term: 'Quuxschrank', language: 'fr', translation: 'quuxarmoire' }, { token: translator })
    expect(term.httpStatus, JSON.stringify(term.messages)).toBe(200)
    expect(delta(vartextFr(await progress()), before)).toEqual({ with_issues: 1 })
  })

  it('names who saved and reviewed how many texts × languages in the last 7 days', async () => {
    const nowMs = Date.now()
    const before = await progress(nowMs)
    expect(before.since).toBe(new Date(nowMs - 7 * DAY_MS).toISOString())
    const [first, second] = [await untranslatedKey(), await untranslatedKey()]
    expect((await saveFr({ [first]: 'Premier', [second]: 'Second' })).httpStatus).toBe(200)
    // The same text again, and another language: texts × languages, each once.
    expect((await saveFr({ [first]: 'Premier texte' })).httpStatus).toBe(200)
    expect((await saveFr({ [first]: 'First' }, 'en')).httpStatus).toBe(200)
    const body = { kind: 'vartext' as const, lang: 'fr', keys: [first, second], state: 'approved' as const }
    expect((await api.call(reviewEndpoint, body, { token: reviewer })).httpStatus).toBe(200)
    expect((await api.call(reviewEndpoint, { ...body, state: 'needs_editing' }, { token: reviewer })).httpStatus).toBe(200)
    // Work older than the window is not counted.
    const [text] = await api.database.db.select({ id: texts.id }).from(texts).where(eq(texts.key, first))
    await api.database.db.insert(translationHistory).values({
      textId: text!.id,
      languageCode: 'de',
      before: null,
      after: 'Alt',
      revision: 1,
      byUserId: DEMO_ACCOUNTS.translator.userId,
      byUsername: DEMO_ACCOUNTS.translator.username,
      byName: 'Old',
      at: new Date(nowMs - 8 * DAY_MS),
    })

    const after = await progress()
    const translatorNow = personOf(after, DEMO_ACCOUNTS.translator.username)
    const translatorBefore = personOf(before, DEMO_ACCOUNTS.translator.username)
    expect(translatorNow.translated - translatorBefore.translated).toBe(3)
    expect(translatorNow.reviewed).toBe(translatorBefore.reviewed)
    const reviewerNow = after.people.find((person) => person.username === DEMO_ACCOUNTS.reviewer.username)!
    expect(reviewerNow.reviewed - personOf(before, DEMO_ACCOUNTS.reviewer.username).reviewed).toBe(2)
    expect(reviewerNow.by).toContain(`(${DEMO_ACCOUNTS.reviewer.username})`)
    expect(after.people.map((person) => person.translated + person.reviewed)).toEqual(
      [...after.people.map((person) => person.translated + person.reviewed)].sort((a, b) => b - a),
    )
  })

  it('needs a token and CAN_TRANSLATE', async () => {
    expect((await api.call(progressEndpoint)).httpStatus).toBe(401)
    const carpenter = await api.loginAs(DEMO_ACCOUNTS.carpenter.username)
    expect((await api.call(progressEndpoint, {}, { token: carpenter })).messages).toEqual(['You are not allowed to do this.'])
  })
})
