import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vartextTextsEndpoint, vartextXmlEndpoint } from '../../src/contract/translation'
import { TRANSLATION_HISTORY_CAP, historyEndpoint } from '../../src/contract/translation-history'
import { saveEndpoint, vartextSaveEndpoint, type SaveBody } from '../../src/contract/translation-save'
import { issueToken } from '../../src/server/auth/token.server'
import { texts, translationHistory, translations, userGroups, users } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'

// GET /vue/i18n/history/ and the entries the saves and the XML import write (decision 038).
let api: TestApi
let token: string
beforeAll(async () => {
  api = await startApi()
  token = await api.loginAs(DEMO_ACCOUNTS.translator.username)
})
afterAll(() => api.close())

async function historyOf(kind: 'vartext' | 'system', key: string, language: string) {
  const result = await api.call(historyEndpoint, { kind, key, language }, { token })
  expect(result.httpStatus, JSON.stringify(result.messages)).toBe(200)
  return result.data
}

async function saveVartext(code: string, values: Record<string, string>, as = token) {
  const body: SaveBody = { languages: { [code]: ['', values] }, changes: { [code]: Object.keys(values) }, pid2trus: {} }
  const result = await api.call(vartextSaveEndpoint, body, { token: as })
  expect(result.httpStatus, JSON.stringify(result.messages)).toBe(200)
  return result.data
}

/** Vartext keys the seed has and has not translated into French. */
async function frenchState() {
  const data = (await api.call(vartextTextsEndpoint, { src: 'master', dst: 'fr' }, { token })).data
  const french = data.languages.fr![1]
  const keys = data.texts.map((entry) => entry.text)
  return { french, untranslated: keys.filter((key) => !(key in french)), translated: keys.filter((key) => key in french) }
}

async function textOf(kind: 'vartext' | 'system', key: string) {
  const [row] = await api.database.db
    .select()
    .from(texts)
    .where(and(eq(texts.kind, kind), eq(texts.key, key)))
  return row!
}

function importForm(xml: string) {
  const data = new FormData()
  data.set('file', new File([`<?xml version="1.0" encoding="UTF-8"?>\n<vartexts>\n${xml}\n</vartexts>\n`], 'texts.xml', { type: 'application/xml' }))
  return data
}

const translatorBy = { id: DEMO_ACCOUNTS.translator.userId, username: DEMO_ACCOUNTS.translator.username }

describe(`GET ${historyEndpoint.path}`, () => {
  it('answers what a save changed: who, when, before, after and the master revision', async () => {
    const { french, untranslated, translated } = await frenchState()
    const [fresh] = untranslated
    const [changed] = translated
    const saved = await saveVartext('fr', { [fresh!]: 'Première version', [changed!]: 'Texte modifié' })
    const [newEntry] = (await historyOf('vartext', fresh!, 'fr')).entries
    expect(newEntry).toEqual({
      before: null,
      after: 'Première version',
      revision: (await textOf('vartext', fresh!)).revision,
      by: { ...translatorBy, name: expect.any(String) },
      at: saved.saved.fr![fresh!],
    })
    const [name] = await api.database.db.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, translatorBy.id))
    expect(newEntry!.by!.name).toBe(`${name!.first} ${name!.last}`.trim() || translatorBy.username)
    const changedHistory = await historyOf('vartext', changed!, 'fr')
    expect(changedHistory).toEqual({ entries: [expect.objectContaining({ before: french[changed!], after: 'Texte modifié' })], more: false })
  })

  it('answers what /vue/i18n/save/ changed in a system message', async () => {
    const [system] = await api.database.db.select({ key: texts.key }).from(texts).where(eq(texts.kind, 'system')).limit(1)
    const body: SaveBody = { kind: 'system', languages: { fr: ['', { [system!.key]: 'Message système' }] }, changes: { fr: [system!.key] }, pid2trus: {} }
    const result = await api.call(saveEndpoint, body, { token })
    expect(result.httpStatus).toBe(200)
    const [entry] = (await historyOf('system', system!.key, 'fr')).entries
    expect(entry).toMatchObject({ after: 'Message système', by: translatorBy, at: result.data.saved.fr![system!.key] })
  })

  it('keeps no entry for a value saved unchanged, and one with after null for a removal', async () => {
    const { translated } = await frenchState()
    const key = translated.at(-1)!
    const before = await historyOf('vartext', key, 'fr')
    const current = (await frenchState()).french[key]!
    // Unchanged value, on a text whose translation is current: nothing happened, nothing kept.
    await api.database.db
      .update(translations)
      .set({ revision: (await textOf('vartext', key)).revision })
      .where(and(eq(translations.textId, (await textOf('vartext', key)).id), eq(translations.languageCode, 'fr')))
    await saveVartext('fr', { [key]: current })
    expect(await historyOf('vartext', key, 'fr')).toEqual(before)
    await saveVartext('fr', { [key]: '' })
    const after = await historyOf('vartext', key, 'fr')
    expect(after.entries).toHaveLength(before.entries.length + 1)
    expect(after.entries[0]).toMatchObject({ before: current, after: null, by: translatorBy })
  })

  it('keeps what the XML import changes, the master text with its new revision', async () => {
    const key = 'HIST-IMPORT-1'
    const first = await api.upload(
      vartextXmlEndpoint,
      {},
      {
        form: importForm(`<text key="${key}"><master>Tür links</master><translation lang="en">Door left</translation></text>`),
      },
      { token },
    )
    expect(first.httpStatus).toBe(200)
    expect((await historyOf('vartext', key, 'master')).entries).toEqual([
      { before: null, after: 'Tür links', revision: 1, by: expect.objectContaining(translatorBy), at: expect.any(String) },
    ])
    expect((await historyOf('vartext', key, 'en')).entries).toEqual([expect.objectContaining({ before: null, after: 'Door left', revision: 1 })])
    // The master text changes: its revision goes up and the history says from what to what.
    const second = await api.upload(
      vartextXmlEndpoint,
      {},
      {
        form: importForm(`<text key="${key}"><master>Tür rechts</master><translation lang="en">Door left</translation></text>`),
      },
      { token },
    )
    expect(second.httpStatus).toBe(200)
    expect((await textOf('vartext', key)).revision).toBe(2)
    const master = await historyOf('vartext', key, 'master')
    expect(master.entries.map(({ before, after, revision }) => ({ before, after, revision }))).toEqual([
      { before: 'Tür links', after: 'Tür rechts', revision: 2 },
      { before: null, after: 'Tür links', revision: 1 },
    ])
    // The unchanged English value was not written again.
    expect((await historyOf('vartext', key, 'en')).entries).toHaveLength(1)
    // A file that changes nothing keeps nothing.
    await api.upload(
      vartextXmlEndpoint,
      {},
      {
        form: importForm(`<text key="${key}"><master>Tür rechts</master><translation lang="en">Door left</translation></text>`),
      },
      { token },
    )
    expect((await historyOf('vartext', key, 'master')).entries).toHaveLength(2)
    expect((await textOf('vartext', key)).revision).toBe(2)
  })

  it('answers newest first, at most the cap, and says when there are more', async () => {
    const { untranslated } = await frenchState()
    const key = untranslated[1]!
    for (const value of ['eins', 'zwei', 'drei']) await saveVartext('fr', { [key]: value })
    expect((await historyOf('vartext', key, 'fr')).entries.map((entry) => entry.after)).toEqual(['drei', 'zwei', 'eins'])
    const text = await textOf('vartext', key)
    const older = Array.from({ length: TRANSLATION_HISTORY_CAP }, (_, index) => ({
      textId: text.id,
      languageCode: 'fr',
      before: null,
      after: `old ${index}`,
      revision: 1,
      at: new Date(Date.UTC(2020, 0, 1, 0, index)),
    }))
    await api.database.db.insert(translationHistory).values(older)
    const capped = await historyOf('vartext', key, 'fr')
    expect(capped.entries).toHaveLength(TRANSLATION_HISTORY_CAP)
    expect(capped.more).toBe(true)
    expect(capped.entries.slice(0, 4).map((entry) => entry.after)).toEqual(['drei', 'zwei', 'eins', `old ${TRANSLATION_HISTORY_CAP - 1}`])
    expect(capped.entries.at(-1)!.after).toBe('old 3')
    // A text of another language or kind has its own history.
    expect(await historyOf('vartext', key, 'en')).toEqual({ entries: [], more: false })
  })

  it('keeps the author’s names after the user is deleted', async () => {
    const [{ hash } = { hash: '' }] = await api.database.db.select({ hash: users.passwordHash }).from(users).limit(1)
    const [user] = await api.database.db
      .insert(users)
      .values({ email: 'leaving@history.example', passwordHash: hash, firstName: 'Lea', lastName: 'Leaving', companyId: DEMO_ACCOUNTS.translator.companyId })
      .returning({ id: users.id })
    await api.database.db.insert(userGroups).values({ userId: user!.id, permission: 'CAN_TRANSLATE' })
    const { untranslated } = await frenchState()
    const key = untranslated[2]!
    await saveVartext('fr', { [key]: 'Avant départ' }, await issueToken({ userId: user!.id }))
    await api.database.db.delete(users).where(eq(users.id, user!.id))
    const [entry] = (await historyOf('vartext', key, 'fr')).entries
    expect(entry!.by).toEqual({ id: null, username: 'leaving@history.example', name: 'Lea Leaving' })
  })

  it('finds the text without kind in the one kind that has it, and refuses a key in more than one kind', async () => {
    const { untranslated } = await frenchState()
    const key = untranslated[3]!
    await saveVartext('fr', { [key]: 'Sans genre' })
    const found = await api.call(historyEndpoint, { key, language: 'fr' }, { token })
    expect(found.data.entries[0]!.after).toBe('Sans genre')
    await api.database.db.insert(texts).values({ kind: 'system', key })
    const ambiguous = await api.call(historyEndpoint, { key, language: 'fr' }, { token })
    expect(ambiguous.httpStatus).toBe(400)
    expect(ambiguous.messages[0]).toMatch(/more than one.*kind/)
    expect((await historyOf('vartext', key, 'fr')).entries[0]!.after).toBe('Sans genre')
    expect(await historyOf('system', key, 'fr')).toEqual({ entries: [], more: false })
  })

  it('refuses bad input with 400', async () => {
    const bad = [
      '',
      '?kind=vartext&key=x',
      '?kind=vartext&language=fr',
      '?kind=nope&key=x&language=fr',
      '?kind=vartext&key=&language=fr',
      '?kind=vartext&key=x&language=f%20r',
    ]
    // Query strings the contract refuses, as sent.
    for (const query of bad) {
      const result = await api.request('GET', `/vue/i18n/history/${query}`, { token })
      expect(result.httpStatus, query).toBe(400)
      expect(result.error).toBe(result.messages.join('\n'))
    }
    const unknownLanguage = await api.call(historyEndpoint, { kind: 'vartext', key: 'x', language: 'xx' }, { token, locale: 'de' })
    expect(unknownLanguage.httpStatus).toBe(400)
    expect(unknownLanguage.messages).toEqual(['Die Sprache xx gibt es nicht.'])
  })

  it('answers 404 in the caller’s language for a text that does not exist', async () => {
    const en = await api.call(historyEndpoint, { kind: 'system', key: 'no.such.text', language: 'fr' }, { token })
    expect(en.httpStatus).toBe(404)
    expect(en.messages).toEqual(['There is no text no.such.text.'])
    const de = await api.call(historyEndpoint, { kind: 'system', key: 'no.such.text', language: 'fr' }, { token, locale: 'de' })
    expect(de.httpStatus).toBe(404)
    expect(de.messages).toEqual(['Den Text no.such.text gibt es nicht.'])
    expect(de.error).toBe(de.messages[0])
  })

  it('needs a token and CAN_TRANSLATE', async () => {
    const query = { kind: 'vartext', key: 'x', language: 'fr' } as const
    const anonymous = await api.call(historyEndpoint, query)
    expect(anonymous.httpStatus).toBe(401)
    const carpenter = await api.loginAs(DEMO_ACCOUNTS.carpenter.username)
    const refused = await api.call(historyEndpoint, query, { token: carpenter })
    expect(refused.httpStatus).toBe(403)
    expect(refused.messages).toEqual(['You are not allowed to do this.'])
  })
})
