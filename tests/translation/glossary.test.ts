import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  GLOSSARY_NOTE_MAX,
  GLOSSARY_TERM_MAX,
  GLOSSARY_TRANSLATION_MAX,
  type glossaryCreateBody,
  glossaryCreateEndpoint,
  glossaryDeleteEndpoint,
  glossaryListEndpoint,
  type glossaryUpdateBody,
  glossaryUpdateEndpoint,
} from '../../src/contract/glossary'
import { vartextXmlEndpoint } from '../../src/contract/translation'
import { vartextSaveEndpoint, type SaveBody } from '../../src/contract/translation-save'
import { glossaryTerms } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { databaseSnapshot } from '../helpers/db-snapshot'
import { startApi, type CallResult, type TestApi } from '../helpers/api'
import { unchecked, type Unchecked } from '../helpers/endpoint-call'

// /vue/i18n/glossary/: the translators' glossary (decision 038).
let api: TestApi
let token: string
let carpenter: string
beforeAll(async () => {
  api = await startApi()
  token = await api.loginAs(DEMO_ACCOUNTS.translator.username)
  carpenter = await api.loginAs(DEMO_ACCOUNTS.carpenter.username)
})
afterAll(() => api.close())

const { translator } = DEMO_ACCOUNTS

/** What a refusal is checked on: the envelope, whichever way the call was made. */
type Refusal = Pick<CallResult, 'httpStatus' | 'status' | 'messages' | 'error'>

async function create(body: z.input<typeof glossaryCreateBody> | Unchecked, locale: 'de' | 'en' = 'en') {
  return api.call(glossaryCreateEndpoint, body, { token, locale })
}

async function created(body: z.input<typeof glossaryCreateBody>) {
  const result = await create(body)
  expect(result.httpStatus, JSON.stringify(result.messages)).toBe(200)
  return result.data.term
}

async function list(query: { language?: string } = {}) {
  const result = await api.call(glossaryListEndpoint, query, { token })
  expect(result.httpStatus, JSON.stringify(result.messages)).toBe(200)
  return result.data.terms
}

function expectRefused(result: Refusal, status: number, messages?: string[]) {
  expect(result.httpStatus, JSON.stringify(result.messages)).toBe(status)
  expect(result.status).toBe(false)
  expect(result.error).toBe(result.messages.join('\n'))
  if (messages) expect(result.messages).toEqual(messages)
}

/** A refused call changes nothing. */
async function unchangedBy(call: () => Promise<Refusal>, status: number, messages?: string[]) {
  const before = await databaseSnapshot(api.database)
  expectRefused(await call(), status, messages)
  expect(await databaseSnapshot(api.database)).toEqual(before)
}

describe(`POST ${glossaryCreateEndpoint.path}`, () => {
  it('adds a term with who and when, trimmed, master as source unless named', async () => {
    const term = await created({ term: '  Scharnier ', language: 'en', translation: ' hinge ', note: 'Not "joint".' })
    expect(term).toEqual({
      id: expect.any(Number),
      source: 'master',
      term: 'Scharnier',
      language: 'en',
      translation: 'hinge',
      note: 'Not "joint".',
      created_at: expect.any(String),
      created_by: expect.stringContaining(translator.username),
      updated_at: term.created_at,
      updated_by: term.created_by,
    })
    const other = await created({ source: 'de', term: 'Scharnier', language: 'fr', translation: 'charnière', note: '' })
    expect(other).toMatchObject({ source: 'de', language: 'fr', note: null })
  })

  it('refuses a term the glossary has for the language, letter case aside, with who holds it; the same entry again answers the one stored', async () => {
    const first = await created({ term: 'Griff', language: 'en', translation: 'handle' })
    await unchangedBy(() => create({ term: 'GRIFF', language: 'en', translation: 'grip' }), 409, [
      'The glossary already has “Griff” for en, translated as “handle”.',
    ])
    const german = await create({ term: 'griff', language: 'en', translation: 'grip' }, 'de')
    expect(german.messages).toEqual(['Das Glossar hat „Griff“ für en schon, übersetzt als „handle“.'])
    // A retried call (its answer lost) gets the stored term, nothing is added.
    const again = await create({ term: 'Griff', language: 'en', translation: 'handle' })
    expect(again.httpStatus).toBe(200)
    expect(again.data.term).toEqual(first)
    expect((await list({ language: 'en' })).filter((term) => term.term.toLowerCase() === 'griff')).toHaveLength(1)
    // Another language is another entry.
    await created({ term: 'Griff', language: 'fr', translation: 'poignée' })
  })

  it('refuses bad input with a clear message in the caller’s language, adding nothing', async () => {
    await unchangedBy(() => create({ term: '   ', language: 'en', translation: 'x' }), 400, ['Term is a required field.'])
    await unchangedBy(() => create({ term: 'x', language: 'en', translation: '' }, 'de'), 400, ['Übersetzung ist ein Pflichtfeld.'])
    await unchangedBy(() => create({ term: 'x'.repeat(GLOSSARY_TERM_MAX + 1), language: 'en', translation: 'x' }), 400, [
      `Term must be at most ${GLOSSARY_TERM_MAX} characters long.`,
    ])
    await unchangedBy(() => create({ term: 'x', language: 'en', translation: 'x'.repeat(GLOSSARY_TRANSLATION_MAX + 1) }), 400)
    await unchangedBy(() => create({ term: 'x', language: 'en', translation: 'x', note: 'x'.repeat(GLOSSARY_NOTE_MAX + 1) }), 400, [
      `Note must be at most ${GLOSSARY_NOTE_MAX} characters long.`,
    ])
    await unchangedBy(() => create(unchecked({ term: 'x', translation: 'x' })), 400)
    await unchangedBy(() => create({ term: 'x', language: 'zz', translation: 'x' }), 400, ['There is no language zz.'])
    await unchangedBy(() => create({ term: 'x', language: 'master', translation: 'x' }), 400, [
      'A glossary term is translated into a language other than master.',
    ])
    await unchangedBy(() => create({ source: 'en', term: 'x', language: 'en', translation: 'x' }), 400, ['Source and target language must differ.'])
    await unchangedBy(() => create(unchecked({ term: 42, language: 'en', translation: 'x' })), 400)
    await unchangedBy(() => api.request('POST', glossaryCreateEndpoint.path, { token, rawBody: '{', headers: { 'content-type': 'application/json' } }), 400)
  })

  it('needs a token and CAN_TRANSLATE', async () => {
    const body = { term: 'Tür', language: 'en', translation: 'door' }
    await unchangedBy(() => api.call(glossaryCreateEndpoint, body), 401, ['Please log in first.'])
    await unchangedBy(() => api.call(glossaryCreateEndpoint, body, { token: carpenter }), 403, ['You are not allowed to do this.'])
  })
})

describe(`GET ${glossaryListEndpoint.path}`, () => {
  it('answers every term, or those of one language, by language and term', async () => {
    await created({ term: 'zarge', language: 'en', translation: 'frame' })
    await created({ term: 'Band', language: 'en', translation: 'hinge band' })
    const all = await list()
    expect(all.map((term) => [term.language, term.term])).toEqual(
      [...all]
        .sort((a, b) => a.language.localeCompare(b.language) || a.term.toLowerCase().localeCompare(b.term.toLowerCase()))
        .map((term) => [term.language, term.term]),
    )
    expect(all.some((term) => term.language === 'fr')).toBe(true)
    const english = await list({ language: 'en' })
    expect(english.length).toBeGreaterThan(0)
    expect(english.every((term) => term.language === 'en')).toBe(true)
    expect(english.map((term) => term.term)).toEqual(all.filter((term) => term.language === 'en').map((term) => term.term))
    expect(await list({ language: 'de' })).toEqual([])
  })

  it('refuses a bad language', async () => {
    expectRefused(await api.call(glossaryListEndpoint, { language: 'zz' }, { token }), 400, ['There is no language zz.'])
    expectRefused(await api.call(glossaryListEndpoint, { language: '<b>' }, { token }), 400)
  })

  it('needs a token and CAN_TRANSLATE', async () => {
    expectRefused(await api.call(glossaryListEndpoint), 401)
    expectRefused(await api.call(glossaryListEndpoint, {}, { token: carpenter }), 403)
  })
})

describe(`PUT ${glossaryUpdateEndpoint.path}`, () => {
  const put = (id: number, body: z.input<typeof glossaryUpdateBody>, as = token) => api.call(glossaryUpdateEndpoint, { id, ...body }, { token: as })

  it('changes the fields named and keeps the rest, with who and when', async () => {
    const term = await created({ term: 'Schloss', language: 'en', translation: 'lock', note: 'door lock' })
    const result = await api.call(glossaryUpdateEndpoint, { id: term.id, translation: 'lockset' }, { token, nowMs: Date.parse(term.updated_at) + 60_000 })
    expect(result.httpStatus).toBe(200)
    const changed = result.data.term
    expect(changed).toEqual({ ...term, translation: 'lockset', updated_at: new Date(Date.parse(term.updated_at) + 60_000).toISOString() })
    // The note removed, the term re-cased: still the same entry.
    const again = (await put(term.id, { note: null, term: 'SCHLOSS' })).data.term
    expect(again).toMatchObject({ id: term.id, term: 'SCHLOSS', note: null, translation: 'lockset' })
    // Nothing different: nothing written.
    const before = await databaseSnapshot(api.database)
    const same = await put(term.id, { translation: 'lockset' })
    expect(same.data.term).toEqual(again)
    expect(await databaseSnapshot(api.database)).toEqual(before)
  })

  it('refuses the term of another entry for the language (409), an unknown id (404) and bad ids and fields (400)', async () => {
    const one = await created({ term: 'Rahmen', language: 'en', translation: 'frame' })
    const two = await created({ term: 'Riegel', language: 'en', translation: 'bolt' })
    await unchangedBy(() => put(two.id, { term: 'rahmen' }), 409, ['The glossary already has “Rahmen” for en, translated as “frame”.'])
    await unchangedBy(() => put(2_000_000_000, { translation: 'x' }), 404, ['There is no such glossary term.'])
    // Malformed ids in the path, as sent: the URL itself is what is refused.
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '1%3Bdrop', '%00']) {
      await unchangedBy(() => api.request('PUT', `/vue/i18n/glossary/${id}/`, { token, body: { translation: 'x' } }), 400)
    }
    await unchangedBy(() => put(one.id, { term: ' ' }), 400, ['Term is a required field.'])
    await unchangedBy(() => put(one.id, { language: 'master' }), 400)
    await unchangedBy(() => put(one.id, { language: 'zz' }), 400)
    await unchangedBy(() => put(one.id, { note: 'x'.repeat(GLOSSARY_NOTE_MAX + 1) }), 400)
    await unchangedBy(() => api.call(glossaryUpdateEndpoint, { id: one.id }, { token, body: ['x'] }), 400)
  })

  it('needs a token and CAN_TRANSLATE', async () => {
    const term = await created({ term: 'Sockel', language: 'en', translation: 'plinth' })
    await unchangedBy(() => api.call(glossaryUpdateEndpoint, { id: term.id, translation: 'base' }), 401)
    await unchangedBy(() => put(term.id, { translation: 'base' }, carpenter), 403)
    // Permission first: an unknown id is a 403 as well.
    await unchangedBy(() => put(2_000_000_000, { translation: 'base' }, carpenter), 403)
  })
})

describe(`DELETE ${glossaryDeleteEndpoint.path}`, () => {
  const remove = (id: number, as: string | undefined) => api.call(glossaryDeleteEndpoint, { id }, { token: as })

  it('removes a term; a second time it is unknown (404)', async () => {
    const term = await created({ term: 'Leiste', language: 'en', translation: 'strip' })
    const result = await remove(term.id, token)
    expect(result.httpStatus).toBe(200)
    expect(result.data).toEqual({ id: term.id })
    expect((await list()).some((entry) => entry.id === term.id)).toBe(false)
    expectRefused(await remove(term.id, token), 404, ['There is no such glossary term.'])
    const german = await api.call(glossaryDeleteEndpoint, { id: term.id }, { token, locale: 'de' })
    expect(german.messages).toEqual(['Diesen Glossareintrag gibt es nicht.'])
  })

  it('refuses bad ids with 400', async () => {
    // Malformed ids in the path, as sent: the URL itself is what is refused.
    for (const id of ['abc', '0', '-5', '2147483648', '1e3x', '%20']) {
      await unchangedBy(() => api.request('DELETE', `/vue/i18n/glossary/${id}/`, { token }), 400)
    }
  })

  it('needs a token and CAN_TRANSLATE', async () => {
    const term = await created({ term: 'Kante', language: 'en', translation: 'edge' })
    await unchangedBy(() => remove(term.id, undefined), 401)
    await unchangedBy(() => remove(term.id, carpenter), 403)
    const [row] = await api.database.db.select({ id: glossaryTerms.id }).from(glossaryTerms).limit(1)
    expect(row).toBeDefined()
  })
})

describe('the glossary in the save’s checks', () => {
  it('names the glossary terms of the master text a saved translation does not use', async () => {
    const key = 'GLOSSARY-CHECK-1'
    const form = new FormData()
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<vartexts><text key="${key}"><master>Das Scharnier klemmt</master></text></vartexts>\n`
    form.set('file', new File([xml], 'texts.xml', { type: 'application/xml' }))
    expect((await api.upload(vartextXmlEndpoint, {}, { form }, { token })).httpStatus).toBe(200)
    const save = async (value: string) => {
      const body: SaveBody = { languages: { fr: ['', { [key]: value }] }, changes: { fr: [key] }, pid2trus: {} }
      const result = await api.call(vartextSaveEndpoint, body, { token })
      expect(result.httpStatus).toBe(200)
      return result.data.issues.fr?.[key] ?? []
    }
    // An entry of another source language is not looked for in master texts.
    expect((await list({ language: 'fr' })).filter((term) => term.term === 'Scharnier').map((term) => term.source)).toEqual(['de'])
    expect((await save('La porte coince')).filter((issue) => issue.check === 'glossary')).toEqual([])
    await created({ term: 'scharnier', language: 'fr', translation: 'charnière' })
    expect(await save('La porte coince')).toContainEqual({ check: 'glossary', severity: 'warning', items: ['scharnier → charnière'] })
    expect((await save('La charnière coince')).filter((issue) => issue.check === 'glossary')).toEqual([])
  })
})
