import { and, eq, isNotNull, ne, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dumpEndpoint, vartextTextsEndpoint } from '../../src/contract/translation'
import { saveData, saveEndpoint, vartextSaveEndpoint, type SaveBody } from '../../src/contract/translation-save'
import { articleUnits, catalogueNodes, texts, translations, users } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'
import { unchecked, type Unchecked } from '../helpers/endpoint-call'
import { answerSchema } from '../helpers/document-schema'

let api: TestApi
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

const { translator, carpenter, staff } = DEMO_ACCOUNTS

async function userId(email: string) {
  const [row] = await api.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  return row!.id
}

async function stored(kind: 'vartext' | 'system' | 'catalogue' | 'article_unit', key: string, code: string) {
  const [row] = await api.database.db
    .select({ value: translations.value, by: translations.updatedByUserId, at: translations.updatedAt })
    .from(translations)
    .innerJoin(texts, eq(texts.id, translations.textId))
    .where(and(eq(texts.kind, kind), eq(texts.key, key), eq(translations.languageCode, code)))
  return row ?? null
}

/** Vartext keys the seed has not translated into French, and one it has. */
async function vartextState(token: string) {
  const data = (await api.call(vartextTextsEndpoint, { src: 'master', dst: 'fr' }, { token })).data
  const french = data.languages.fr![1]
  const untranslated = data.texts.map((entry) => entry.text).filter((key) => !(key in french))
  const translated = data.texts.map((entry) => entry.text).filter((key) => key in french)
  return { data, untranslated, translated }
}

function payload(code: string, values: Record<string, string>, base?: Record<string, string | null>): SaveBody {
  return {
    languages: { [code]: ['', values] },
    changes: { [code]: Object.keys(values) },
    pid2trus: {},
    ...(base ? { base: { [code]: base } } : {}),
  }
}

describe('POST /vue/i18n/vartext/', () => {
  it('saves new and changed translations and records who and when', async () => {
    const token = await api.loginAs(translator.username)
    const { data, untranslated, translated } = await vartextState(token)
    const [fresh] = untranslated
    const [changed] = translated
    const result = await api.call(
      vartextSaveEndpoint,
      payload('fr', { [fresh!]: 'Nouvelle traduction', [changed!]: 'Traduction modifiée' }, { [fresh!]: null, [changed!]: data.stamps.fr![changed!]! }),
      { token },
    )
    expect(result.httpStatus).toBe(200)
    const answer = result.data
    expect(answer.conflicts).toEqual([])
    expect(answer.error).toBeNull()
    const row = await stored('vartext', fresh!, 'fr')
    expect(row?.value).toBe('Nouvelle traduction')
    expect(row?.by).toBe(await userId(translator.username))
    expect(row?.at.toISOString()).toBe(answer.saved.fr![fresh!])
    expect((await stored('vartext', changed!, 'fr'))?.value).toBe('Traduction modifiée')
    // The next load shows them as translated, with the new stamps.
    const after = await vartextState(token)
    expect(after.data.languages.fr![1][fresh!]).toBe('Nouvelle traduction')
    expect(after.data.stamps.fr![fresh!]).toBe(answer.saved.fr![fresh!])
  })

  it('answers what the quality checks find in each saved value against the master text, and saves it anyway', async () => {
    const token = await api.loginAs(translator.username)
    const { data, untranslated } = await vartextState(token)
    const master = (key: string) => data.languages.master![1][key] ?? ''
    // A text whose master has a placeholder, and another one.
    const withPlaceholder = untranslated.find((key) => master(key).includes('{0}'))
    const other = untranslated.find((key) => key !== withPlaceholder && /\p{L}/u.test(master(key)))
    expect(withPlaceholder).toBeDefined()
    expect(other).toBeDefined()
    const result = await api.call(vartextSaveEndpoint, payload('fr', { [withPlaceholder!]: 'sans espace réservé  ', [other!]: master(other!) }), { token })
    expect(result.httpStatus).toBe(200)
    const answer = result.data
    expect(Object.keys(answer.saved.fr!).sort()).toEqual([withPlaceholder, other].sort())
    const found = answer.issues.fr![withPlaceholder!]!
    expect(found.find((issue) => issue.check === 'placeholders_missing')).toEqual({ check: 'placeholders_missing', severity: 'error', items: ['{0}'] })
    expect(found.map((issue) => issue.check)).toContain('double_spaces')
    // Left as its master: a warning. Warnings and errors never stop the save.
    expect(answer.issues.fr![other!]).toContainEqual({ check: 'same_as_source', severity: 'warning', items: [] })
    expect((await stored('vartext', withPlaceholder!, 'fr'))?.value).toBe('sans espace réservé  ')
    // The placeholder kept: that text is no longer named.
    const fixed = (await api.call(vartextSaveEndpoint, payload('fr', { [withPlaceholder!]: master(withPlaceholder!) + ' FR' }), { token })).data
    expect(fixed.issues.fr?.[withPlaceholder!]?.map((issue) => issue.check) ?? []).not.toContain('placeholders_missing')
  })

  it('answers the checks of decision 045 with the codes the OpenAPI document names, reading numbers in each language', async () => {
    const token = await api.loginAs(translator.username)
    const [first, second] = (await vartextState(token)).untranslated.slice(-5, -3)
    // Their master texts (German) hold what the new checks look at.
    const setMaster = async (key: string, value: string) => {
      const [text] = await api.database.db
        .select({ id: texts.id })
        .from(texts)
        .where(and(eq(texts.kind, 'vartext'), eq(texts.key, key)))
      await api.database.db
        .update(translations)
        .set({ value })
        .where(and(eq(translations.textId, text!.id), eq(translations.languageCode, 'master')))
    }
    await setMaster(first!, 'Preis (1.299,00 &amp; 1.000 Stück)')
    await setMaster(second!, 'Hinweis:\nNur innen')
    const result = await api.call(vartextSaveEndpoint, payload('en', { [first!]: 'Price (1,299.00 & 1.000 the the pieces', [second!]: 'Note: indoor only' }), {
      token,
    })
    expect(result.httpStatus).toBe(200)
    const answer = result.data
    const codes = (key: string) => (answer.issues.en?.[key] ?? []).map((issue) => issue.check).sort()
    // 1.299,00 is 1,299.00 (no number missing); 1.000 is a thousand in German and one in English.
    expect(codes(first!)).toEqual(['brackets_missing', 'doubled_words', 'escapes_missing', 'numbers_format'])
    expect(answer.issues.en![first!]).toContainEqual({ check: 'escapes_missing', severity: 'error', items: ['&amp;'] })
    expect(answer.issues.en![first!]).toContainEqual({ check: 'numbers_format', severity: 'warning', items: ['1.000', '1,000'] })
    expect(answer.issues.en![second!]).toContainEqual({ check: 'line_breaks', severity: 'warning', items: ['1', '0'] })
    // The whole answer fits the OpenAPI document: the new codes are in its enum.
    const sent = { status: result.status, messages: result.messages, data: result.data }
    expect(answerSchema('/vue/i18n/vartext/', 'post', 200).safeParse(sent).success).toBe(true)
    expect(
      answerSchema('/vue/i18n/vartext/', 'post', 200).safeParse({
        ...sent,
        data: { ...answer, issues: { en: { [first!]: [{ check: 'nonsense', severity: 'warning', items: [] }] } } },
      }).success,
    ).toBe(false)
  })

  it("checks a text's length limit, set by its max-length:N tag, as an error that does not stop the save", async () => {
    const token = await api.loginAs(translator.username)
    const { untranslated } = await vartextState(token)
    const key = untranslated[0]!
    await api.database.db
      .update(texts)
      .set({ tags: ['door', 'max-length:12'] })
      .where(and(eq(texts.kind, 'vartext'), eq(texts.key, key)))
    const long = (await api.call(vartextSaveEndpoint, payload('fr', { [key]: 'Une traduction trop longue' }), { token })).data
    expect(long.issues.fr![key]).toContainEqual({ check: 'too_long', severity: 'error', items: ['26', '12'] })
    expect((await stored('vartext', key, 'fr'))?.value).toBe('Une traduction trop longue')
    const short = (await api.call(vartextSaveEndpoint, payload('fr', { [key]: 'Courte' }), { token })).data
    expect(short.issues.fr?.[key]?.map((issue) => issue.check) ?? []).not.toContain('too_long')
  })

  it('removes a translation saved as empty, so the entry is untranslated again', async () => {
    const token = await api.loginAs(translator.username)
    const { data, translated } = await vartextState(token)
    const key = translated.at(-1)!
    const result = await api.call(vartextSaveEndpoint, payload('fr', { [key]: '' }, { [key]: data.stamps.fr![key]! }), { token })
    expect(result.httpStatus).toBe(200)
    expect(result.data.saved.fr![key]).toBeNull()
    expect(await stored('vartext', key, 'fr')).toBeNull()
  })

  it('answers 409 with both sides for texts changed meanwhile, and saves the rest', async () => {
    const token = await api.loginAs(translator.username)
    const other = await api.loginAs(staff.username)
    const { data, untranslated } = await vartextState(token)
    const [contested, untouched, sameValue] = untranslated.slice(-3)
    // Someone else translates two of them after the translator loaded the list.
    const first = await api.call(vartextSaveEndpoint, payload('fr', { [contested!]: 'Leur version', [sameValue!]: 'Même texte' }), { token: other })
    expect(first.httpStatus).toBe(200)
    const result = await api.call(
      vartextSaveEndpoint,
      payload(
        'fr',
        { [contested!]: 'Ma version', [untouched!]: 'Sans conflit', [sameValue!]: 'Même texte' },
        { [contested!]: data.stamps.fr![contested!] ?? null, [untouched!]: null, [sameValue!]: null },
      ),
      { token, locale: 'de' },
    )
    expect(result.httpStatus).toBe(409)
    expect(result.status).toBe(false)
    expect(result.messages).toEqual(['Inzwischen von jemand anderem geändert: 1. Alles andere wurde gespeichert.'])
    const answer = saveData.parse(result.failure)
    expect(answer.error).toBe(result.messages[0])
    expect(answer.conflicts).toEqual([
      {
        language: 'fr',
        key: contested,
        base: null,
        yours: 'Ma version',
        theirs: {
          value: 'Leur version',
          stamp: first.data.saved.fr![contested!],
          by: expect.stringContaining(staff.username),
          username: staff.username,
        },
      },
    ])
    // Nothing was overwritten; the rest was saved; an identical value is no conflict.
    expect((await stored('vartext', contested!, 'fr'))?.value).toBe('Leur version')
    expect((await stored('vartext', untouched!, 'fr'))?.value).toBe('Sans conflit')
    expect(Object.keys(answer.saved.fr!).sort()).toEqual([sameValue, untouched].sort())
    // Choosing theirs as the new base saves the translator's merge.
    const merged = await api.call(
      vartextSaveEndpoint,
      payload('fr', { [contested!]: 'Version fusionnée' }, { [contested!]: answer.conflicts[0]!.theirs.stamp }),
      { token },
    )
    expect(merged.httpStatus).toBe(200)
    expect((await stored('vartext', contested!, 'fr'))?.value).toBe('Version fusionnée')
  })

  it('refuses bad input as a whole with a clear message, saving nothing', async () => {
    const token = await api.loginAs(translator.username)
    const { untranslated } = await vartextState(token)
    const key = untranslated[0]!
    const call = (body: SaveBody | Unchecked) => api.call(vartextSaveEndpoint, body, { token })
    const unknownLanguage = await call(payload('xx', { [key]: 'x' }))
    expect([unknownLanguage.httpStatus, unknownLanguage.messages]).toEqual([400, ['There is no language xx.']])
    const master = await call(payload('master', { [key]: 'x' }))
    expect([master.httpStatus, master.messages]).toEqual([400, ['Master texts are not changed here; import them as XML.']])
    const unknownText = await call(payload('fr', { [key]: 'Gardé ?', 'no.such.key': 'x' }))
    expect([unknownText.httpStatus, unknownText.messages]).toEqual([400, ['There is no text no.such.key.']])
    expect(await stored('vartext', key, 'fr')).toBeNull()
    const noValue = await call({ languages: { fr: ['French', {}] }, changes: { fr: [key] }, pid2trus: {} })
    expect([noValue.httpStatus, noValue.messages]).toEqual([400, [`There is no value for ${key} in fr.`]])
    const manyUnknown = await call(payload('fr', Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`missing.${i}`, 'x']))))
    expect(manyUnknown.messages).toHaveLength(11)
    expect(manyUnknown.messages.at(-1)).toBe('… and 2 more.')
    expect((await call(unchecked({ changes: 'fr' }))).httpStatus).toBe(400)
    expect((await call(payload('fr;drop', { [key]: 'x' }))).httpStatus).toBe(400)
    const tooMany = await call(payload('fr', Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [`k${i}`, 'x']))))
    expect(tooMany.httpStatus).toBe(400)
    const huge = await call(payload('fr', { [key]: 'x'.repeat(10_001) }))
    expect(huge.httpStatus).toBe(400)
    const overLimit = await api.request('POST', '/vue/i18n/vartext/', {
      token,
      rawBody: JSON.stringify(payload('fr', { [key]: 'x'.repeat(1_100_000) })),
      headers: { 'content-type': 'application/json' },
    })
    expect(overLimit.httpStatus).toBe(413)
    expect(await stored('vartext', key, 'fr')).toBeNull()
  })

  it("takes exactly the spec's {languages, changes, pid2trus}", async () => {
    const token = await api.loginAs(translator.username)
    const key = (await vartextState(token)).untranslated[1]!
    const body: SaveBody = { languages: { fr: ['Français', { [key]: 'Comme la spec' }] }, changes: { fr: [key] }, pid2trus: {} }
    const result = await api.call(vartextSaveEndpoint, body, { token })
    expect([result.httpStatus, result.data.error]).toEqual([200, null])
    expect((await stored('vartext', key, 'fr'))?.value).toBe('Comme la spec')
  })

  it('needs a token and CAN_TRANSLATE', async () => {
    const body = payload('fr', { any: 'x' })
    expect((await api.call(vartextSaveEndpoint, body)).httpStatus).toBe(401)
    const token = await api.loginAs(carpenter.username)
    const forbidden = await api.call(vartextSaveEndpoint, body, { token })
    expect([forbidden.httpStatus, forbidden.status]).toEqual([403, false])
  })
})

describe('POST /vue/i18n/save/', () => {
  async function anyKey(kind: 'system' | 'catalogue') {
    const [row] = await api.database.db.select({ key: texts.key }).from(texts).where(eq(texts.kind, kind)).limit(1)
    return row!.key
  }

  async function articleWithUnits() {
    const rows = await api.database.db
      .select({ articleId: articleUnits.articleId, tid: articleUnits.tid, key: texts.key })
      .from(articleUnits)
      .innerJoin(texts, eq(texts.id, articleUnits.textId))
      .where(isNotNull(articleUnits.textId))
      .limit(50)
    const articleId = rows[0]!.articleId
    return { articleId, units: rows.filter((row) => row.articleId === articleId) }
  }

  it('saves system messages and catalogue labels by kind', async () => {
    const token = await api.loginAs(translator.username)
    for (const kind of ['system', 'catalogue'] as const) {
      const key = await anyKey(kind)
      const result = await api.call(saveEndpoint, { kind, ...payload('fr', { [key]: `fr ${kind}` }) }, { token })
      expect(result.httpStatus).toBe(200)
      expect((await stored(kind, key, 'fr'))?.value).toBe(`fr ${kind}`)
    }
  })

  it("takes the spec's payload without kind: each key is found in the kind that has it", async () => {
    const token = await api.loginAs(translator.username)
    const [system, catalogue] = [await anyKey('system'), await anyKey('catalogue')]
    const result = await api.call(saveEndpoint, payload('fr', { [system]: 'fr sans kind', [catalogue]: 'étiquette sans kind' }), { token })
    expect([result.httpStatus, result.status]).toEqual([200, true])
    expect(Object.keys(result.data.saved.fr!).sort()).toEqual([system, catalogue].sort())
    expect((await stored('system', system, 'fr'))?.value).toBe('fr sans kind')
    expect((await stored('catalogue', catalogue, 'fr'))?.value).toBe('étiquette sans kind')

    // Article texts are found by their key too, and still need their units.
    const { articleId, units } = await articleWithUnits()
    const unit = units[1]!
    const article = await api.call(saveEndpoint, { ...payload('en', { [unit.key]: 'Unit text, no kind' }), pid2trus: { [articleId]: [unit.tid] } }, { token })
    expect(article.httpStatus).toBe(200)
    expect((await stored('article_unit', unit.key, 'en'))?.value).toBe('Unit text, no kind')
    const withoutUnits = await api.call(saveEndpoint, payload('en', { [unit.key]: 'x' }), { token })
    expect([withoutUnits.httpStatus, withoutUnits.messages]).toEqual([400, ['Article texts need the article and its units (pid2trus).']])
  })

  it('refuses a key that is in more than one kind unless kind names one, and a kind that does not have the key', async () => {
    const token = await api.loginAs(translator.username)
    const catalogue = await anyKey('catalogue')
    await api.database.db.insert(texts).values({ kind: 'system', key: catalogue })
    const ambiguous = await api.call(saveEndpoint, payload('fr', { [catalogue]: 'lequel ?' }), { token })
    expect([ambiguous.httpStatus, ambiguous.messages]).toEqual([
      400,
      [`The text ${catalogue} exists in more than one of catalogue, article_unit, system; name the one meant with kind.`],
    ])
    const named = await api.call(saveEndpoint, { kind: 'catalogue', ...payload('fr', { [catalogue]: 'celui-ci' }) }, { token })
    expect(named.httpStatus).toBe(200)
    expect((await stored('catalogue', catalogue, 'fr'))?.value).toBe('celui-ci')
    expect(await stored('system', catalogue, 'fr')).toBeNull()
    const system = await anyKey('system')
    const wrongKind = await api.call(saveEndpoint, { kind: 'catalogue', ...payload('fr', { [system]: 'x' }) }, { token })
    expect([wrongKind.httpStatus, wrongKind.messages]).toEqual([400, [`There is no text ${system}.`]])
    // Vartext keys are not saved through /save/.
    const [vartext] = await api.database.db.select({ key: texts.key }).from(texts).where(eq(texts.kind, 'vartext')).limit(1)
    expect((await api.call(saveEndpoint, payload('fr', { [vartext!.key]: 'x' }), { token })).httpStatus).toBe(400)
  })

  it('saves article texts of the units named in pid2trus', async () => {
    const token = await api.loginAs(translator.username)
    const { articleId, units } = await articleWithUnits()
    const unit = units[0]!
    const body: SaveBody = { kind: 'article_unit', ...payload('en', { [unit.key]: 'Saved through its unit' }), pid2trus: { [articleId]: [unit.tid] } }
    const result = await api.call(saveEndpoint, body, { token })
    expect(result.httpStatus).toBe(200)
    expect((await stored('article_unit', unit.key, 'en'))?.value).toBe('Saved through its unit')
  })

  it('refuses article texts without their units, unknown units and articles, and texts of other units', async () => {
    const token = await api.loginAs(translator.username)
    const { articleId, units } = await articleWithUnits()
    const [unit, otherUnit] = [units[0]!, units.find((candidate) => candidate.key !== units[0]!.key)!]
    const save = (extra: Record<string, unknown>, values = { [unit.key]: 'x' }) =>
      api.call(saveEndpoint, { kind: 'article_unit', ...payload('en', values), ...extra }, { token })
    const none = await save({})
    expect([none.httpStatus, none.messages]).toEqual([400, ['Article texts need the article and its units (pid2trus).']])
    const unknownUnit = await save({ pid2trus: { [articleId]: ['no-such-tid'] } })
    expect([unknownUnit.httpStatus, unknownUnit.messages]).toEqual([400, [`Article ${articleId} has no unit no-such-tid.`]])
    const unknownArticle = await save({ pid2trus: { '999999': [unit.tid] } })
    expect(unknownArticle.httpStatus).toBe(404)
    const outside = await save({ pid2trus: { [articleId]: [otherUnit.tid] } })
    expect([outside.httpStatus, outside.messages]).toEqual([400, [`The text ${unit.key} belongs to none of the units named.`]])
    const badKind = await api.call(saveEndpoint, unchecked({ kind: 'vartext', ...payload('en', {}) }), { token })
    expect(badKind.httpStatus).toBe(400)
  })

  it('needs a token and CAN_TRANSLATE, with kind or without', async () => {
    const token = await api.loginAs(carpenter.username)
    const bodies: SaveBody[] = [{ kind: 'system', ...payload('fr', { any: 'x' }) }, payload('fr', { any: 'x' })]
    for (const body of bodies) {
      expect((await api.call(saveEndpoint, body)).httpStatus).toBe(401)
      expect((await api.call(saveEndpoint, body, { token })).httpStatus).toBe(403)
    }
  })
})

describe('POST /vue/i18n/dump/', () => {
  async function article() {
    const [node] = await api.database.db.select({ id: catalogueNodes.id }).from(catalogueNodes).where(eq(catalogueNodes.kind, 'article')).limit(1)
    const units = await api.database.db
      .select({ tid: articleUnits.tid, textId: articleUnits.textId })
      .from(articleUnits)
      .where(eq(articleUnits.articleId, node!.id))
    return { id: node!.id, units }
  }

  it('exports the named units in every language', async () => {
    const token = await api.loginAs(translator.username)
    const { id, units } = await article()
    const tids = units.map((unit) => unit.tid)
    const result = await api.call(dumpEndpoint, { article: id }, { token, body: tids })
    expect(result.httpStatus).toBe(200)
    const data = result.data
    expect(data.article.id).toBe(id)
    expect(data.units.map((unit) => unit.tid).sort()).toEqual([...tids].sort())
    expect(data.languages.map(([code]) => code)).toEqual(expect.arrayContaining(['master', 'en', 'fr']))
    const withText = data.units.find((unit) => unit.key)!
    expect(withText.texts.master).toBeTruthy()
    const rows = await api.database.db
      .select({ code: translations.languageCode, value: translations.value })
      .from(translations)
      .innerJoin(texts, eq(texts.id, translations.textId))
      .where(and(eq(texts.kind, 'article_unit'), eq(texts.key, withText.key!)))
    expect(withText.texts).toEqual(Object.fromEntries(rows.map((row) => [row.code, row.value])))
  })

  it('refuses unknown units and articles and a body that is not a list of tids', async () => {
    const token = await api.loginAs(translator.username)
    const { id } = await article()
    const unknown = await api.call(dumpEndpoint, { article: id }, { token, body: ['nope'] })
    expect([unknown.httpStatus, unknown.messages]).toEqual([400, [`Article ${id} has no unit nope.`]])
    expect((await api.call(dumpEndpoint, { article: 999999 }, { token, body: ['x'] })).httpStatus).toBe(404)
    expect((await api.call(dumpEndpoint, { article: id }, { token, body: { tids: [] } })).httpStatus).toBe(400)
    expect((await api.call(dumpEndpoint, { article: id }, { token, body: [] })).httpStatus).toBe(400)
    expect((await api.call(dumpEndpoint, unchecked({ article: 'abc' }), { token, body: ['x'] })).httpStatus).toBe(400)
  })

  it("takes the spec's call — just the tids — and finds the article holding them", async () => {
    const token = await api.loginAs(translator.username)
    const { id, units } = await article()
    const tids = units.map((unit) => unit.tid)
    const result = await api.call(dumpEndpoint, {}, { token, body: tids })
    expect([result.httpStatus, result.status]).toEqual([200, true])
    const data = result.data
    expect(data.article.id).toBe(id)
    expect(data.units.map((unit) => unit.tid).sort()).toEqual([...tids].sort())
  })

  it('without ?article=: names the missing units of the article holding the rest, refuses unknown and ambiguous tids', async () => {
    const token = await api.loginAs(translator.username)
    const { id, units } = await article()
    const partly = await api.call(dumpEndpoint, {}, { token, body: [units[0]!.tid, 'nope'] })
    expect([partly.httpStatus, partly.messages]).toEqual([400, [`Article ${id} has no unit nope.`]])
    const unknown = await api.call(dumpEndpoint, {}, { token, body: ['nope'], locale: 'de' })
    expect([unknown.httpStatus, unknown.messages]).toEqual([400, ['Kein Artikel hat diese Einheiten.']])
    // Tids that repeat across articles (data from before tids carried the article) need ?article=.
    const [other] = await api.database.db
      .select({ id: catalogueNodes.id })
      .from(catalogueNodes)
      .where(and(eq(catalogueNodes.kind, 'article'), ne(catalogueNodes.id, id)))
      .limit(1)
    const [last] = await api.database.db.select({ id: sql<number>`max(${articleUnits.id})::int` }).from(articleUnits)
    await api.database.db.insert(articleUnits).values({ id: last!.id + 1, articleId: other!.id, tid: units[0]!.tid, itemKind: 'text', position: 999 })
    const ambiguous = await api.call(dumpEndpoint, {}, { token, body: [units[0]!.tid] })
    expect([ambiguous.httpStatus, ambiguous.messages]).toEqual([400, ['These units are in more than one article; name the article with ?article=.']])
    const named = await api.call(dumpEndpoint, { article: other!.id }, { token, body: [units[0]!.tid] })
    expect(named.data.article.id).toBe(other!.id)
  })

  it('needs a token and CAN_TRANSLATE', async () => {
    const { id } = await article()
    const token = await api.loginAs(carpenter.username)
    for (const input of [{ article: id }, {}]) {
      expect((await api.call(dumpEndpoint, input, { body: ['x'] })).httpStatus).toBe(401)
      expect((await api.call(dumpEndpoint, input, { token, body: ['x'] })).httpStatus).toBe(403)
    }
  })
})
