import { readFile } from 'node:fs/promises'
import { and, eq, sql, type SQL } from 'drizzle-orm'
import { SaxesParser } from 'saxes'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { memoryEndpoint, tmxExportEndpoint, tmxImportEndpoint } from '../../src/contract/tmx'
import { vartextTextsEndpoint } from '../../src/contract/translation'
import { vartextSaveEndpoint, type SaveBody } from '../../src/contract/translation-save'
import { texts, translationMemoryUnits, translations, users } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { databaseSnapshot } from '../helpers/db-snapshot'
import { startApi, type CallResult, type TestApi } from '../helpers/api'
import { unchecked } from '../helpers/endpoint-call'
import { repeated, streamedUpload } from '../helpers/streamed-upload'

// /vue/i18n/tmx/: the portal's translations out as TMX 1.4b, TMX files in as the team's shared
// memory (docs/decisions/049, "TMX and the shared memory").
let api: TestApi
let token: string
let carpenter: string
let reviewer: string
beforeAll(async () => {
  api = await startApi()
  token = await api.loginAs(DEMO_ACCOUNTS.translator.username)
  carpenter = await api.loginAs(DEMO_ACCOUNTS.carpenter.username)
  reviewer = await api.loginAs(DEMO_ACCOUNTS.reviewer.username)
})
afterAll(() => api.close())

const MB = 1_048_576
const FIXTURE = new URL('./fixtures/agency-memory.tmx', import.meta.url)

function form(content: string | Uint8Array, name = 'memory.tmx') {
  const data = new FormData()
  const bytes = typeof content === 'string' ? content : new Uint8Array(content)
  data.set('file', new File([bytes], name, { type: 'application/x-tmx+xml' }))
  return data
}

async function imported(content: string | Uint8Array, name?: string) {
  const result = await api.upload(tmxImportEndpoint, {}, { form: form(content, name) }, { token })
  expect(result.httpStatus, result.messages.join('\n')).toBe(200)
  return result.data
}

async function exported(src: string, dst: string) {
  const result = await api.call(tmxExportEndpoint, { src, dst }, { token })
  expect(result.httpStatus, result.messages.join('\n')).toBe(200)
  return result.data
}

async function refused(status: number, call: () => Promise<Pick<CallResult, 'httpStatus' | 'status' | 'messages'>>): Promise<string[]> {
  const before = await databaseSnapshot(api.database)
  const result = await call()
  expect(result.httpStatus, result.messages.join('\n')).toBe(status)
  expect(result.status).toBe(false)
  expect(await databaseSnapshot(api.database)).toEqual(before)
  return result.messages
}

const refusedImport = (status: number, content: string, locale: 'de' | 'en' = 'en') =>
  refused(status, () => api.upload(tmxImportEndpoint, {}, { form: form(content) }, { token, locale }))

async function unitsOf(origin: string) {
  return api.database.db.select().from(translationMemoryUnits).where(eq(translationMemoryUnits.origin, origin)).orderBy(translationMemoryUnits.id)
}

async function countOf(query: SQL): Promise<number> {
  return z.object({ rows: z.tuple([z.object({ count: z.number() })]) }).parse(await api.database.db.execute(query)).rows[0].count
}

/** The elements and attributes of a TMX document, read the way a CAT tool reads it. */
function readTmx(xml: string) {
  const parser = new SaxesParser({ xmlns: false })
  const elements: Array<{ name: string; attributes: Record<string, string>; text: string }> = []
  const open: Array<(typeof elements)[number]> = []
  parser.on('opentag', (tag) => {
    const element = { name: tag.name, attributes: Object.fromEntries(Object.entries(tag.attributes).map(([key, value]) => [key, String(value)])), text: '' }
    elements.push(element)
    open.push(element)
  })
  parser.on('text', (text) => {
    const current = open.at(-1)
    if (current) current.text += text
  })
  parser.on('closetag', () => open.pop())
  parser.write(xml).close()
  return elements
}

describe(`POST ${tmxImportEndpoint.path}`, () => {
  it('imports a TMX file as a CAT tool writes it: every pair of portal languages, inline codes as text, its dates and authors', async () => {
    const before = await api.database.db.$count(translationMemoryUnits)
    const answer = await imported(await readFile(FIXTURE), 'agency-memory.tmx')
    // Four units in German and English (2 rows each), one in three languages (6), one in
    // English and French (2); the German–Italian one and the one without English text are not.
    expect(answer).toEqual({
      origin: 'agency-memory.tmx',
      added: 16,
      known: 0,
      ignored: 2,
      pairs: [
        ['de', 'en'],
        ['de', 'fr'],
        ['en', 'de'],
        ['en', 'fr'],
        ['fr', 'de'],
        ['fr', 'en'],
      ],
    })
    expect(await api.database.db.$count(translationMemoryUnits)).toBe(before + 16)
    const rows = await unitsOf('agency-memory.tmx')
    const pair = (src: string, dst: string) => rows.filter((row) => row.sourceLanguageCode === src && row.targetLanguageCode === dst)
    expect(pair('de', 'en').map((row) => [row.source, row.target])).toEqual([
      ['Scharnier mit Dämpfung, vernickelt', 'Soft-close hinge, nickel-plated'],
      ['Breite {0} mm, <b>lackiert</b>', 'Width {0} mm, <b>painted</b>'],
      ['Frontblende aus Eiche, geölt', 'Oak front panel, oiled'],
      ['Nur für Innenräume geeignet.', 'Suitable for indoor use only.'],
      ['Griff links, Stärke %s mm', 'Handle left, thickness %s mm'],
    ])
    expect(pair('en', 'fr').map((row) => [row.source, row.target])).toEqual([
      ['Oak front panel, oiled', 'Panneau frontal en chêne, huilé'],
      ['Delivery within 5 working days', 'Livraison sous 5 jours ouvrés'],
    ])
    const [hinge] = pair('de', 'en')
    expect(hinge).toMatchObject({
      createdAt: new Date('2025-01-10T09:30:12Z'),
      changedAt: new Date('2025-02-14T16:11:05Z'),
      createdBy: 'AGENTUR\\mmueller',
      origin: 'agency-memory.tmx',
    })
    const [me] = await api.database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.translator.username))
    expect(hinge!.importedByUserId).toBe(me!.id)
    // The French segment's own creation stamps win over its unit's.
    expect(pair('de', 'fr')[0]).toMatchObject({ createdBy: 'AGENTUR\\lmartin', createdAt: new Date('2025-02-20T09:00:00Z') })
    // A unit without dates has none.
    expect(pair('de', 'en')[3]).toMatchObject({ changedAt: null, createdAt: new Date('2025-01-20T14:00:00Z') })
  })

  it('counts units the memory has as known and does not store them twice, from another file too', async () => {
    const before = await api.database.db.$count(translationMemoryUnits)
    const again = await imported(await readFile(FIXTURE), 'agency-memory-copy.tmx')
    expect(again).toMatchObject({ origin: 'agency-memory-copy.tmx', added: 0, known: 16, ignored: 2 })
    expect(await api.database.db.$count(translationMemoryUnits)).toBe(before)
  })

  it('reads TMX 1.1 (lang=, no BOM, an underscore in the tag) and a file path for a name', async () => {
    const xml = `<?xml version="1.0" encoding="ISO-8859-1"?>
<tmx version="1.1"><header creationtool="OmegaT" creationtoolversion="1.1" segtype="sentence" o-tmf="OmegaT TMX" adminlang="EN-US" srclang="DE" datatype="plaintext"/>
<body><tu><tuv lang="DE"><seg>T\xfcrd\xe4mpfer grau</seg></tuv><tuv lang="en_GB"><seg>Door damper grey</seg></tuv></tu></body></tmx>`
    const answer = await imported(Buffer.from(xml, 'latin1'), 'C:\\Users\\agency\\omegat\\project_save.tmx')
    expect(answer).toMatchObject({ origin: 'project_save.tmx', added: 2, known: 0, ignored: 0 })
    expect((await unitsOf('project_save.tmx')).map((row) => row.source)).toEqual(['Türdämpfer grau', 'Door damper grey'])
  })

  it('maps the master texts’ tag to the master: a source only, never a target', async () => {
    const xml = `<?xml version="1.0"?><tmx version="1.4"><header srclang="de-x-master"/><body>
<tu><tuv xml:lang="de-x-master"><seg>MIN_TÜR {0}x{1}</seg></tuv><tuv xml:lang="en"><seg>Minimum door {0}x{1}</seg></tuv></tu></body></tmx>`
    const answer = await imported(xml, 'master.tmx')
    expect(answer).toMatchObject({ added: 1, pairs: [['master', 'en']] })
  })

  it('answers a file with no units with nothing imported', async () => {
    expect(await imported('<tmx version="1.4"><header/><body/></tmx>', 'empty.tmx')).toEqual({ origin: 'empty.tmx', added: 0, known: 0, ignored: 0, pairs: [] })
  })

  it('refuses a file that is not TMX with 415 naming its root, in English and German; nothing is stored', async () => {
    const xliff = '<?xml version="1.0"?><xliff version="2.0" srcLang="de" trgLang="en"><file id="f1"/></xliff>'
    expect(await refusedImport(415, xliff)).toEqual([
      'The file is not a TMX file: its root element is <xliff>, not <tmx>. Choose the .tmx file the translation tool exported.',
    ])
    expect(await refusedImport(415, xliff, 'de')).toEqual([
      'Die Datei ist keine TMX-Datei: Ihr Wurzelelement ist <xliff>, nicht <tmx>. Wählen Sie die .tmx-Datei, die das Übersetzungsprogramm exportiert hat.',
    ])
  })

  it('refuses a file that is not well-formed, naming where, and stores none of its good units', async () => {
    const xml = `<tmx version="1.4"><body>
<tu><tuv xml:lang="de"><seg>Gut</seg></tuv><tuv xml:lang="en"><seg>Good</seg></tuv></tu>
<tu><tuv xml:lang="de"><seg>Kaputt</tuv></tu></body></tmx>`
    const [message] = await refusedImport(400, xml)
    expect(message).toMatch(/^Line 3, column \d+: the XML is not well-formed/)
  })

  it.each([
    ['a billion laughs', `<?xml version="1.0"?>\n<!DOCTYPE tmx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n<tmx><body/></tmx>`],
    [
      'an external entity',
      `<?xml version="1.0"?>\n<!DOCTYPE tmx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<tmx><body><tu><tuv xml:lang="de"><seg>&xxe;</seg></tuv></tu></body></tmx>`,
    ],
    ['the TMX DTD itself', `<?xml version="1.0"?>\n<!DOCTYPE tmx SYSTEM "tmx14.dtd">\n<tmx version="1.4"><body/></tmx>`],
  ])('refuses %s (a DOCTYPE) in the caller’s language', async (_, xml) => {
    expect(await refusedImport(400, xml)).toEqual(['Line 2: DOCTYPE declarations are not allowed (no DTDs, no entities).'])
    expect(await refusedImport(400, xml, 'de')).toEqual(['Zeile 2: DOCTYPE-Deklarationen sind nicht erlaubt (keine DTDs, keine Entitäten).'])
  })

  it('refuses elements nested 100,000 deep in a segment with one message', async () => {
    const xml = `<tmx><body><tu><tuv xml:lang="de"><seg>${'<hi>'.repeat(100_000)}x${'</hi>'.repeat(100_000)}</seg></tuv></tu></body></tmx>`
    expect(await refusedImport(400, xml)).toEqual(['Line 1: the elements are nested more than 16 levels deep; a TMX file needs far fewer.'])
  })

  it('refuses bytes that are not the declared encoding and a control character', async () => {
    const bad = new Uint8Array([...Buffer.from('<tmx><body><tu><tuv xml:lang="de"><seg>T'), 0xfc, ...Buffer.from('r</seg></tuv></tu></body></tmx>')])
    const messages = await refused(400, () => api.upload(tmxImportEndpoint, {}, { form: form(bad) }, { token }))
    expect(messages).toEqual([expect.stringMatching(/^Line 1: the file is not valid UTF-8 \(found 0xFC\)/)])
    expect(await refusedImport(400, '<tmx><body><tu><tuv xml:lang="de"><seg>a\u0007b</seg></tuv></tu></body></tmx>')).toEqual([
      'Line 1: the file contains the control character U+0007, which XML does not allow.',
    ])
  })

  it('refuses a 30 MB file with 413 before reading it whole', async () => {
    const upload = streamedUpload('file', 'huge.tmx', 30 * MB, repeated('<tmx><body><tu><tuv xml:lang="de"><seg>', 'x'))
    expect(await refused(413, () => api.upload(tmxImportEndpoint, {}, { stream: upload }, { token }))).toEqual(['The request is too large (at most 20.00 MB).'])
    expect(upload.pulled()).toBeLessThan(MB)
  })

  it('refuses a call without a file, without a token and without CAN_TRANSLATE', async () => {
    await refused(400, () => api.upload(tmxImportEndpoint, {}, { form: new FormData() }, { token }))
    await refused(415, () => api.call(tmxImportEndpoint, unchecked({ file: 'x' }), { token }))
    const fixture = await readFile(FIXTURE)
    await refused(401, () => api.upload(tmxImportEndpoint, {}, { form: form(fixture) }))
    await refused(403, () => api.upload(tmxImportEndpoint, {}, { form: form(fixture) }, { token: carpenter }))
  })
})

describe(`GET ${tmxExportEndpoint.path}`, () => {
  it('answers every translation of the pair in all kinds of text as TMX 1.4b, with dates and authors', async () => {
    const file = await exported('master', 'en')
    expect(file.file_name).toBe('translations-master-en.tmx')
    const expected = await countOf(sql`select count(*)::int as count from ${texts} t
        join ${translations} s on s.text_id = t.id and s.language_code = 'master' and s.value <> ''
        join ${translations} d on d.text_id = t.id and d.language_code = 'en' and d.value <> ''`)
    expect(file.units).toBe(expected)
    expect(file.units).toBeGreaterThan(100)
    const elements = readTmx(file.tmx)
    expect(elements[0]).toMatchObject({ name: 'tmx', attributes: { version: '1.4' } })
    expect(elements[1]!.attributes).toMatchObject({
      creationtool: 'B2B Portal',
      creationtoolversion: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      datatype: 'plaintext',
      segtype: 'sentence',
      adminlang: 'en',
      srclang: 'de-x-master',
      'o-tmf': 'B2B Portal',
    })
    const units = elements.filter((element) => element.name === 'tu')
    expect(units).toHaveLength(file.units)
    for (const unit of units) {
      expect(unit.attributes.creationdate).toMatch(/^\d{8}T\d{6}Z$/)
      expect(unit.attributes.changedate).toMatch(/^\d{8}T\d{6}Z$/)
    }
    const kinds = new Set(elements.filter((element) => element.name === 'prop').map((element) => element.text))
    expect([...kinds].sort()).toEqual(['article_unit', 'catalogue', 'system', 'vartext'])
    expect(new Set(elements.filter((element) => element.name === 'tuv').map((element) => element.attributes['xml:lang']))).toEqual(
      new Set(['de-x-master', 'en']),
    )
    // The seed's English texts were written by the translator.
    expect(units[0]!.attributes.changeid).toBe(DEMO_ACCOUNTS.translator.username)
  })

  it('escapes markup, keeps line breaks and names who saved first and last (translation_history)', async () => {
    const state = (await api.call(vartextTextsEndpoint, { src: 'master', dst: 'fr' }, { token })).data
    const key = state.texts.map((entry) => entry.text).find((candidate) => !(candidate in state.languages.fr![1]))!
    const value = 'A & <b>B</b> "c"\nligne 2'
    const body = (text: string, base: string | null): SaveBody => ({
      languages: { fr: ['', { [key]: text }] },
      changes: { fr: [key] },
      pid2trus: {},
      base: { fr: { [key]: base } },
    })
    const save = await api.call(vartextSaveEndpoint, body('Première', null), { token: reviewer })
    expect(save.httpStatus, save.messages.join('\n')).toBe(200)
    // A second save by another user: the unit names the first as its creator, the second as its changer.
    const stamp = save.data.saved.fr![key]!
    const again = await api.call(vartextSaveEndpoint, body(value, stamp), { token })
    expect(again.httpStatus, again.messages.join('\n')).toBe(200)
    const file = await exported('master', 'fr')
    const tu = file.tmx.split('<tu ').find((part) => part.includes(`tuid="${key}"`))!
    expect(tu).toContain('<seg>A &amp; &lt;b&gt;B&lt;/b&gt; "c"\nligne 2</seg>')
    expect(tu).toContain(`creationid="${DEMO_ACCOUNTS.reviewer.username}"`)
    expect(tu).toContain(`changeid="${DEMO_ACCOUNTS.translator.username}"`)
    const read = readTmx(file.tmx)
    const segs = read.filter((element) => element.name === 'seg').map((element) => element.text)
    expect(segs).toContain(value)
  })

  it('goes round: its file imported again is the pair’s shared memory, text for text', async () => {
    const file = await exported('de', 'fr')
    const answer = await imported(file.tmx, file.file_name)
    // Every unit both ways (de → fr and fr → de); texts with the same two values count once.
    const pairs = await countOf(sql`select count(distinct (md5(s.value), md5(d.value)))::int as count from ${texts} t
        join ${translations} s on s.text_id = t.id and s.language_code = 'de' and s.value <> ''
        join ${translations} d on d.text_id = t.id and d.language_code = 'fr' and d.value <> ''`)
    expect(answer.added + answer.known).toBe(2 * file.units)
    expect(answer.pairs).toEqual([
      ['de', 'fr'],
      ['fr', 'de'],
    ])
    const stored = await api.database.db
      .select()
      .from(translationMemoryUnits)
      .where(and(eq(translationMemoryUnits.origin, file.file_name), eq(translationMemoryUnits.sourceLanguageCode, 'de')))
    expect(stored).toHaveLength(pairs)
    const [one] = await api.database.db
      .select({ source: translations.value })
      .from(translations)
      .innerJoin(texts, eq(texts.id, translations.textId))
      .where(and(eq(texts.key, 'VT-000001'), eq(translations.languageCode, 'de')))
    if (one) expect(stored.map((row) => row.source)).toContain(one.source)
  })

  it('refuses an unknown language, the same language twice, no token and no CAN_TRANSLATE', async () => {
    expect(await refused(400, () => api.call(tmxExportEndpoint, { src: 'master', dst: 'xx' }, { token }))).toEqual(['There is no language xx.'])
    expect(await refused(400, () => api.call(tmxExportEndpoint, { src: 'en', dst: 'en' }, { token, locale: 'de' }))).toEqual([
      'Ausgangs- und Zielsprache müssen sich unterscheiden.',
    ])
    await refused(400, () => api.call(tmxExportEndpoint, unchecked({}), { token }))
    await refused(401, () => api.call(tmxExportEndpoint, { dst: 'en' }))
    await refused(403, () => api.call(tmxExportEndpoint, { dst: 'en' }, { token: carpenter }))
  })
})

describe('GET /vue/i18n/memory/', () => {
  async function page(query: { src?: string; dst: string; after?: number }) {
    const result = await api.call(memoryEndpoint, query, { token })
    expect(result.httpStatus, result.messages.join('\n')).toBe(200)
    return result.data
  }

  it('answers the shared memory of a pair in pages by id, to the end', async () => {
    const bulk = Array.from({ length: 2_100 }, (_, index) => ({
      sourceLanguageCode: 'en',
      targetLanguageCode: 'fr',
      source: `Panel ${index}`,
      target: `Panneau ${index}`,
      origin: 'bulk.tmx',
    }))
    await api.database.db.insert(translationMemoryUnits).values(bulk)
    const all = await api.database.db
      .select({ id: translationMemoryUnits.id })
      .from(translationMemoryUnits)
      .where(and(eq(translationMemoryUnits.sourceLanguageCode, 'en'), eq(translationMemoryUnits.targetLanguageCode, 'fr')))
      .orderBy(translationMemoryUnits.id)
    const first = await page({ src: 'en', dst: 'fr' })
    expect(first.units).toHaveLength(2_000)
    expect(first.next).toBe(first.units.at(-1)!.id)
    const second = await page({ src: 'en', dst: 'fr', after: first.next! })
    expect(second.next).toBeNull()
    expect([...first.units, ...second.units].map((unit) => unit.id)).toEqual(all.map((row) => row.id))
    expect(second.units.at(-1)).toEqual({ id: all.at(-1)!.id, source: 'Panel 2099', target: 'Panneau 2099', origin: 'bulk.tmx' })
    expect(await page({ src: 'en', dst: 'fr', after: all.at(-1)!.id })).toEqual({ units: [], next: null })
  })

  it('serves German sources to the master’s memory (the master texts are German) and the master’s to German', async () => {
    const master = await page({ dst: 'en' })
    expect(master.units.map((unit) => unit.source)).toEqual(expect.arrayContaining(['Scharnier mit Dämpfung, vernickelt', 'MIN_TÜR {0}x{1}']))
    const german = await page({ src: 'de', dst: 'en' })
    expect(german.units.map((unit) => unit.id)).toEqual(master.units.map((unit) => unit.id))
    const french = await page({ src: 'fr', dst: 'en' })
    expect(french.units.map((unit) => unit.source)).toEqual(['Panneau frontal en chêne, huilé', 'Livraison sous 5 jours ouvrés'])
  })

  it('refuses a bad pair or page, no token and no CAN_TRANSLATE', async () => {
    await refused(400, () => api.call(memoryEndpoint, { dst: 'zz' }, { token }))
    await refused(400, () => api.call(memoryEndpoint, { src: 'fr', dst: 'fr' }, { token }))
    await refused(400, () => api.call(memoryEndpoint, { dst: 'en', after: -1 }, { token }))
    await refused(400, () => api.call(memoryEndpoint, unchecked({ dst: 'en', after: 'abc' }), { token }))
    await refused(401, () => api.call(memoryEndpoint, { dst: 'en' }))
    await refused(403, () => api.call(memoryEndpoint, { dst: 'en' }, { token: carpenter }))
  })
})
