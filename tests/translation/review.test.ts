import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { articleEndpoint, catalogEndpoint, vartextTextsEndpoint, vartextXmlEndpoint } from '../../src/contract/translation'
import { vartextSaveEndpoint } from '../../src/contract/translation-save'
import { COMMENT_MAX, reviewData, reviewEndpoint, type reviewBody } from '../../src/contract/translation-team'
import { catalogueNodes, texts, translationComments, translationReviews, translations } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { databaseSnapshot } from '../helpers/db-snapshot'
import { startApi, type CallResult, type TestApi } from '../helpers/api'
import { unchecked, type Unchecked } from '../helpers/endpoint-call'

// POST /vue/i18n/review/: approving translations and sending them back (docs/decisions/049).
let api: TestApi
let reviewer: string
let translator: string
let staff: string
beforeAll(async () => {
  api = await startApi()
  reviewer = await api.loginAs(DEMO_ACCOUNTS.reviewer.username)
  translator = await api.loginAs(DEMO_ACCOUNTS.translator.username)
  staff = await api.loginAs(DEMO_ACCOUNTS.staff.username)
})
afterAll(() => api.close())

type ReviewInput = z.input<typeof reviewBody>

/** What a refusal is checked on: the envelope, whichever way the call was made. */
type Refusal = Pick<CallResult, 'httpStatus' | 'status' | 'messages'>

function review(input: ReviewInput | Unchecked, options: { token?: string; locale?: 'de' | 'en' } = {}) {
  return api.call(reviewEndpoint, input, { token: reviewer, ...options })
}

async function reviewed(input: ReviewInput) {
  const result = await review(input)
  expect(result.httpStatus, JSON.stringify(result.messages)).toBe(200)
  return result.data
}

async function vartexts(dst = 'fr') {
  const result = await api.call(vartextTextsEndpoint, { src: 'master', dst }, { token: translator })
  return result.data
}

/** Keys translated into fr, untouched by other tests (each test takes its own). */
let taken = 0
async function translatedKeys(count: number): Promise<string[]> {
  const data = await vartexts()
  const keys = Object.keys(data.stamps.fr!)
    .filter((key) => key.startsWith('VT-') && data.revisions.fr![key] === data.revisions.master![key])
    .sort()
  const chosen = keys.slice(taken, taken + count)
  taken += count
  expect(chosen).toHaveLength(count)
  return chosen
}

function saveFr(values: Record<string, string>, base: Record<string, string>) {
  return api.call(
    vartextSaveEndpoint,
    { languages: { fr: ['', values] }, changes: { fr: Object.keys(values) }, pid2trus: {}, base: { fr: base } },
    { token: translator },
  )
}

function importForm(xml: string) {
  const data = new FormData()
  data.set('file', new File([`<?xml version="1.0" encoding="UTF-8"?>\n<vartexts>\n${xml}\n</vartexts>\n`], 'texts.xml', { type: 'application/xml' }))
  return data
}

async function storedRow(key: string, code = 'fr') {
  const [row] = await api.database.db
    .select({ id: texts.id, reviewState: translations.reviewState, reviewedBy: translations.reviewedByUserId, reviewedAt: translations.reviewedAt })
    .from(translations)
    .innerJoin(texts, eq(texts.id, translations.textId))
    .where(and(eq(texts.kind, 'vartext'), eq(texts.key, key), eq(translations.languageCode, code)))
  return row!
}

/** A refused call changes nothing. */
async function unchangedBy(call: () => Promise<Refusal>, status: number, messages?: string[]) {
  const before = await databaseSnapshot(api.database)
  const result = await call()
  expect(result.httpStatus, JSON.stringify(result.messages)).toBe(status)
  if (messages) expect(result.messages).toEqual(messages)
  expect(await databaseSnapshot(api.database)).toEqual(before)
  return result
}

describe(`POST ${reviewEndpoint.path}`, () => {
  it('approves and sends back: the read call shows the states, the stamps stay, each review and its comment is kept', async () => {
    const [first, second, third] = await translatedKeys(3)
    const before = await vartexts()
    const approved = await reviewed({
      kind: 'vartext',
      lang: 'fr',
      keys: [first!, second!],
      state: 'approved',
      bases: { [first!]: before.stamps.fr![first!]! },
    })
    expect(approved).toEqual({ reviewed: { [first!]: 'approved', [second!]: 'approved' }, skipped: [], conflicts: [] })
    const sentBack = await reviewed({ kind: 'vartext', lang: 'fr', keys: [third!], state: 'needs_editing', comment: '  Bitte „Tür“ als „porte“.  ' })
    expect(sentBack.reviewed).toEqual({ [third!]: 'needs_editing' })

    const after = await vartexts()
    expect(after.states.fr).toMatchObject({ [first!]: 'approved', [second!]: 'approved', [third!]: 'needs_editing' })
    expect(after.stamps).toEqual(before.stamps)
    expect(after.comments.fr).toMatchObject({ [third!]: 1 })
    expect(after.comments.fr![first!]).toBeUndefined()

    const row = await storedRow(third!)
    expect(row).toMatchObject({ reviewState: 'needs_editing', reviewedBy: DEMO_ACCOUNTS.reviewer.userId, reviewedAt: expect.any(Date) })
    const [entry] = await api.database.db.select().from(translationReviews).where(eq(translationReviews.textId, row.id))
    expect(entry).toMatchObject({
      languageCode: 'fr',
      state: 'needs_editing',
      comment: 'Bitte „Tür“ als „porte“.',
      byUserId: DEMO_ACCOUNTS.reviewer.userId,
      byUsername: DEMO_ACCOUNTS.reviewer.username,
    })
    expect(entry!.valueStamp.toISOString()).toBe(before.stamps.fr![third!])
    const [comment] = await api.database.db.select().from(translationComments).where(eq(translationComments.textId, row.id))
    expect(comment).toMatchObject({ languageCode: 'fr', body: 'Bitte „Tür“ als „porte“.', byUserId: DEMO_ACCOUNTS.reviewer.userId, clientId: null })
  })

  it('skips keys without a translation, and answers keys changed since their base as conflicts (409) while the rest is reviewed', async () => {
    const data = await vartexts()
    const untranslated = Object.keys(data.revisions.master!).find((key) => data.stamps.fr![key] === undefined)!
    const [kept, changed, removed] = await translatedKeys(3)
    const bases = { [kept!]: data.stamps.fr![kept!]!, [changed!]: data.stamps.fr![changed!]!, [removed!]: data.stamps.fr![removed!]! }
    const saved = await saveFr({ [changed!]: 'Autre chose', [removed!]: '' }, bases)
    expect(saved.httpStatus, JSON.stringify(saved.messages)).toBe(200)
    const stamp = saved.data.saved.fr![changed!]!

    const result = await review({ kind: 'vartext', lang: 'fr', keys: [untranslated, kept!, changed!, removed!], state: 'approved', bases }, { locale: 'de' })
    expect(result.httpStatus).toBe(409)
    expect(result.messages).toEqual(['Inzwischen von jemand anderem geändert: 2. Alles andere wurde geprüft.'])
    expect(reviewData.parse(result.failure)).toEqual({
      reviewed: { [kept!]: 'approved' },
      skipped: [untranslated],
      conflicts: [
        { key: changed, base: bases[changed!], value: 'Autre chose', stamp, by: expect.stringContaining(DEMO_ACCOUNTS.translator.username) },
        { key: removed, base: bases[removed!], value: null, stamp: null, by: null },
      ],
    })
    const english = await review({ kind: 'vartext', lang: 'fr', keys: [changed!], state: 'approved', bases })
    expect(english.messages).toEqual(['Changed by someone else since you loaded them: 1. Everything else was reviewed.'])
    const after = await vartexts()
    expect(after.states.fr![kept!]).toBe('approved')
    expect(after.states.fr![changed!]).toBeUndefined()
  })

  it('a review leaves the stamp, so the translator’s save with the old base is no conflict, and the changed value is translated again', async () => {
    const [key] = await translatedKeys(1)
    const before = await vartexts()
    await reviewed({ kind: 'vartext', lang: 'fr', keys: [key!], state: 'approved' })
    expect((await vartexts()).states.fr![key!]).toBe('approved')
    const saved = await saveFr({ [key!]: 'Nouvelle traduction' }, { [key!]: before.stamps.fr![key!]! })
    expect(saved.httpStatus, JSON.stringify(saved.messages)).toBe(200)
    expect(saved.data.conflicts).toEqual([])
    expect((await vartexts()).states.fr![key!]).toBeUndefined()
    expect(await storedRow(key!)).toMatchObject({ reviewState: 'translated', reviewedBy: null, reviewedAt: null })
  })

  it('an approval no longer shows once the master text changes; approving an outdated value answers translated', async () => {
    const key = 'REVIEW-MASTER-1'
    const imported = await api.upload(
      vartextXmlEndpoint,
      {},
      { form: importForm(`<text key="${key}"><master>Tür</master><translation lang="fr">Porte</translation></text>`) },
      { token: translator },
    )
    expect(imported.httpStatus, JSON.stringify(imported.messages)).toBe(200)
    await reviewed({ kind: 'vartext', lang: 'fr', keys: [key], state: 'approved' })
    expect((await vartexts()).states.fr![key]).toBe('approved')
    await api.upload(vartextXmlEndpoint, {}, { form: importForm(`<text key="${key}"><master>Haustür</master></text>`) }, { token: translator })
    const data = await vartexts()
    expect(data.revisions.fr![key]).toBeLessThan(data.revisions.master![key]!)
    expect(data.states.fr![key]).toBeUndefined()
    expect(await reviewed({ kind: 'vartext', lang: 'fr', keys: [key], state: 'approved' })).toMatchObject({ reviewed: { [key]: 'translated' } })
    // Sent back, it shows so even though outdated.
    await reviewed({ kind: 'vartext', lang: 'fr', keys: [key], state: 'needs_editing' })
    expect((await vartexts()).states.fr![key]).toBe('needs_editing')
  })

  it('catalog covers catalogue labels and article texts', async () => {
    const catalog = (await api.call(catalogEndpoint, { src: 'master', dst: 'en' }, { token: translator })).data
    const label = Object.keys(catalog.stamps.en!)[0]!
    const [node] = await api.database.db
      .select({ id: catalogueNodes.id, url: catalogueNodes.url })
      .from(catalogueNodes)
      .where(eq(catalogueNodes.kind, 'article'))
      .orderBy(catalogueNodes.id)
      .limit(1)
    const articleInput = { id: node!.id, model: node!.url.split('/').at(-1)!, lang: 'en' }
    const article = (await api.call(articleEndpoint, articleInput, { token: translator })).data
    const unit = Object.keys(article.stamps.en!)[0]!
    expect(await reviewed({ kind: 'catalog', lang: 'en', keys: [label, unit], state: 'approved' })).toMatchObject({
      reviewed: { [label]: 'approved', [unit]: 'approved' },
    })
    const after = (await api.call(catalogEndpoint, { src: 'master', dst: 'en' }, { token: translator })).data
    expect(after.states.en![label]).toBe('approved')
    expect((await api.call(articleEndpoint, articleInput, { token: translator })).data.states.en![unit]).toBe('approved')
    // A vartext key is not in the catalogue area.
    const [vartext] = await translatedKeys(1)
    await unchangedBy(() => review({ kind: 'catalog', lang: 'en', keys: [vartext!], state: 'approved' }), 400, [`There is no text ${vartext}.`])
  })

  it('records the real person while switched: staff acting as the reviewer', async () => {
    const switched = await api.switchTo(DEMO_ACCOUNTS.reviewer, { by: staff })
    const [key] = await translatedKeys(1)
    const result = await review({ kind: 'vartext', lang: 'fr', keys: [key!], state: 'approved' }, { token: switched.token })
    expect(result.httpStatus, JSON.stringify(result.messages)).toBe(200)
    const row = await storedRow(key!)
    expect(row.reviewedBy).toBe(DEMO_ACCOUNTS.staff.userId)
    const [entry] = await api.database.db.select().from(translationReviews).where(eq(translationReviews.textId, row.id)).orderBy(desc(translationReviews.id))
    expect(entry).toMatchObject({ byUserId: DEMO_ACCOUNTS.staff.userId, byUsername: DEMO_ACCOUNTS.staff.username })
  })

  it('refuses bad input in the caller’s language, changing nothing', async () => {
    const [key] = await translatedKeys(1)
    const good: ReviewInput = { kind: 'vartext', lang: 'fr', keys: [key!], state: 'approved' }
    await unchangedBy(() => review({ ...good, keys: [key!, 'NO-SUCH-KEY'] }), 400, ['There is no text NO-SUCH-KEY.'])
    await unchangedBy(() => review({ ...good, keys: ['NO-SUCH-KEY'] }, { locale: 'de' }), 400, ['Den Text NO-SUCH-KEY gibt es nicht.'])
    await unchangedBy(() => review({ ...good, lang: 'zz' }), 400, ['There is no language zz.'])
    await unchangedBy(() => review({ ...good, lang: 'zz' }, { locale: 'de' }), 400, ['Die Sprache zz gibt es nicht.'])
    await unchangedBy(() => review({ ...good, lang: 'master' }), 400, ['Reviews and comments belong to a translation: choose a language other than master.'])
    await unchangedBy(() => review({ ...good, lang: 'master' }, { locale: 'de' }), 400, [
      'Prüfungen und Kommentare gehören zu einer Übersetzung: Wählen Sie eine andere Sprache als master.',
    ])
    await unchangedBy(() => review(unchecked({ ...good, state: 'translated' })), 400)
    await unchangedBy(() => review(unchecked({ ...good, kind: 'catalogue' })), 400)
    await unchangedBy(() => review({ ...good, keys: [] }), 400)
    await unchangedBy(() => review({ ...good, comment: 'x'.repeat(COMMENT_MAX + 1) }), 400)
    await unchangedBy(() => review(unchecked({ ...good, bases: { [key!]: 42 } })), 400)
    // Bytes that are no JSON: only a literal body can send them.
    await unchangedBy(() => api.request('POST', reviewEndpoint.path, { token: reviewer, rawBody: '{', headers: { 'content-type': 'application/json' } }), 400)
  })

  it('needs a token and CAN_REVIEW: a translator may not review', async () => {
    const [key] = await translatedKeys(1)
    const body: ReviewInput = { kind: 'vartext', lang: 'fr', keys: [key!], state: 'approved' }
    await unchangedBy(() => api.call(reviewEndpoint, body), 401, ['Please log in first.'])
    await unchangedBy(() => review(body, { token: translator }), 403, ['You are not allowed to do this.'])
  })
})
