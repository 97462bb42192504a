import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import type { AnyEndpoint } from '../../src/contract/endpoint'
import { vartextTextsEndpoint } from '../../src/contract/translation'
import { saveEndpoint, vartextSaveEndpoint, type SaveBody } from '../../src/contract/translation-save'
import { claimEndpoint, liveEndpoint, reviewEndpoint, type claimBody, type LiveData } from '../../src/contract/translation-team'
import { CLAIM_TTL_MS } from '../../src/domain/review-state'
import { textClaims, texts, translationHistory, translationReviews, translations } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { databaseSnapshot } from '../helpers/db-snapshot'
import { startApi, type CallResult, type TestApi } from '../helpers/api'
import { unchecked, type Answer, type Unchecked } from '../helpers/endpoint-call'

// PUT /vue/i18n/claims/ and GET /vue/i18n/live/: who has which text open, and the saves and
// reviews of others as they happen (docs/decisions/049, "Claims and live saves").
let api: TestApi
let translator: string
let reviewer: string
let carpenter: string
let keys: string[]
let french: Record<string, string>
let stamps: Record<string, string>
beforeAll(async () => {
  api = await startApi()
  translator = await api.loginAs(DEMO_ACCOUNTS.translator.username)
  reviewer = await api.loginAs(DEMO_ACCOUNTS.reviewer.username)
  carpenter = await api.loginAs(DEMO_ACCOUNTS.carpenter.username)
  const { data } = await api.call(vartextTextsEndpoint, { src: 'master', dst: 'fr' }, { token: translator })
  keys = data.texts.map((entry) => entry.text)
  french = data.languages.fr![1]
  stamps = data.stamps.fr ?? {}
})
afterAll(() => api.close())

const REVIEWER = { by: 'Henrik Vogt (reviewer@demo.example)', username: 'reviewer@demo.example', name: 'Henrik Vogt' }
const TRANSLATOR = { by: 'Camille Laurent (translator@demo.example)', username: 'translator@demo.example', name: 'Camille Laurent' }

type ClaimInput = z.input<typeof claimBody>
type LiveQuery = z.input<typeof liveEndpoint.query>

/** What a refusal is checked on: the envelope, whichever way the call was made. */
type Refusal = Pick<CallResult, 'httpStatus' | 'status' | 'messages'>

function ok<E extends AnyEndpoint>(result: Answer<E>) {
  expect(result.httpStatus, JSON.stringify(result.messages)).toBe(200)
  return result.data
}

async function claim(token: string, input: ClaimInput, nowMs?: number) {
  return ok(await api.call(claimEndpoint, input, { token, nowMs }))
}

/**
 * Polls as at `nowMs`: by default 20 s on, past the window in which every poll answers the
 * texts written lately again (so each test sees only its own changes); Date.now() to see it.
 */
async function live(token: string, query: LiveQuery, nowMs = Date.now() + 20_000): Promise<LiveData> {
  return ok(await api.call(liveEndpoint, query, { token, nowMs }))
}

async function claimRows() {
  return api.database.db
    .select({ userId: textClaims.userId, lang: textClaims.languageCode, key: texts.key, expiresAt: textClaims.expiresAt })
    .from(textClaims)
    .innerJoin(texts, eq(texts.id, textClaims.textId))
    .orderBy(textClaims.userId, textClaims.languageCode)
}

async function save(token: string, values: Record<string, string>, base: Record<string, string | null> = {}) {
  const body: SaveBody = { languages: { fr: ['', values] }, changes: { fr: Object.keys(values) }, pid2trus: {}, base: { fr: base } }
  return ok(await api.call(vartextSaveEndpoint, body, { token })).saved.fr!
}

/** A refused call changes nothing. */
async function unchangedBy(call: () => Promise<Refusal>, status: number, messages?: string[]) {
  const before = await databaseSnapshot(api.database)
  const result = await call()
  expect(result.httpStatus, JSON.stringify(result.messages)).toBe(status)
  expect(result.status).toBe(false)
  if (messages) expect(result.messages).toEqual(messages)
  expect(await databaseSnapshot(api.database)).toEqual(before)
}

describe(`PUT ${claimEndpoint.path}`, () => {
  it('claims a text, renews it, moves it to another text and releases it: one claim per user and language', async () => {
    const now = Date.now()
    const first = await claim(translator, { kind: 'vartext', lang: 'fr', key: keys[0]! }, now)
    expect(first.expires_at).toBe(new Date(now + CLAIM_TTL_MS).toISOString())
    expect(await claimRows()).toEqual([{ userId: DEMO_ACCOUNTS.translator.userId, lang: 'fr', key: keys[0], expiresAt: new Date(now + CLAIM_TTL_MS) }])

    const renewed = await claim(translator, { kind: 'vartext', lang: 'fr', key: keys[0]! }, now + 45_000)
    expect(renewed.expires_at).toBe(new Date(now + 45_000 + CLAIM_TTL_MS).toISOString())
    await claim(translator, { kind: 'vartext', lang: 'fr', key: keys[1]! }, now + 50_000)
    // A claim in another language is a claim of its own.
    await claim(translator, { kind: 'vartext', lang: 'en', key: keys[2]! }, now + 50_000)
    expect((await claimRows()).map((row) => [row.lang, row.key])).toEqual([
      ['en', keys[2]],
      ['fr', keys[1]],
    ])

    expect(await claim(translator, { kind: 'vartext', lang: 'fr', key: null }, now + 60_000)).toEqual({ expires_at: null })
    expect((await claimRows()).map((row) => [row.lang, row.key])).toEqual([['en', keys[2]]])
    await claim(translator, { kind: 'vartext', lang: 'en', key: null }, now + 60_000)
    expect(await claimRows()).toEqual([])
  })

  it('drops lapsed claims of anyone as they are met', async () => {
    const now = Date.now()
    const [text] = await api.database.db
      .select({ id: texts.id })
      .from(texts)
      .where(and(eq(texts.kind, 'vartext'), eq(texts.key, keys[3]!)))
    await api.database.db
      .insert(textClaims)
      .values({ userId: DEMO_ACCOUNTS.reviewer.userId, languageCode: 'fr', textId: text!.id, expiresAt: new Date(now - 1000) })
    expect(await claimRows()).toHaveLength(1)
    await claim(translator, { kind: 'vartext', lang: 'fr', key: null }, now)
    expect(await claimRows()).toEqual([])
  })

  it('answers 404 for a key the area does not have, in both languages, and changes nothing', async () => {
    await unchangedBy(() => api.call(claimEndpoint, { kind: 'vartext', lang: 'fr', key: 'no.such.text' }, { token: translator }), 404, [
      'There is no text no.such.text.',
    ])
    await unchangedBy(() => api.call(claimEndpoint, { kind: 'vartext', lang: 'fr', key: 'no.such.text' }, { token: translator, locale: 'de' }), 404)
    // A system text is not a vartext.
    const [system] = await api.database.db.select({ key: texts.key }).from(texts).where(eq(texts.kind, 'system')).limit(1)
    await unchangedBy(() => api.call(claimEndpoint, { kind: 'vartext', lang: 'fr', key: system!.key }, { token: translator }), 404)
  })

  it('refuses bad input with 400 and changes nothing', async () => {
    const inputs: (ClaimInput | Unchecked)[] = [
      unchecked({ kind: 'shop', lang: 'fr', key: keys[0] }),
      { kind: 'vartext', lang: 'f r', key: keys[0]! },
      unchecked({ kind: 'vartext', lang: 'fr' }),
      { kind: 'vartext', lang: 'fr', key: '' },
      { kind: 'vartext', lang: 'fr', key: 'x'.repeat(10_000) },
      { kind: 'vartext', lang: 'xx', key: keys[0]! },
    ]
    for (const input of inputs) await unchangedBy(() => api.call(claimEndpoint, input, { token: translator }), 400)
    // A JSON array where the contract has an object.
    await unchangedBy(() => api.call(claimEndpoint, unchecked({}), { token: translator, body: [] }), 400)
  })

  it('refuses a call without a token (401) and without CAN_TRANSLATE (403)', async () => {
    const body: ClaimInput = { kind: 'vartext', lang: 'fr', key: keys[0]! }
    await unchangedBy(() => api.call(claimEndpoint, body), 401)
    await unchangedBy(() => api.call(claimEndpoint, body, { token: carpenter }), 403, ['You are not allowed to do this.'])
  })
})

describe(`GET ${liveEndpoint.path}`, () => {
  it('answers the cursor and no changes without since', async () => {
    const answer = await live(translator, { kind: 'vartext', lang: 'fr' })
    expect(answer.cursor).toMatch(/^\d+\.\d+$/)
    expect(answer.changes).toEqual([])
    // Nothing new since the cursor, and nothing written in the last seconds: no changes.
    expect((await live(translator, { kind: 'vartext', lang: 'fr', since: answer.cursor }, Date.now() + 20_000)).changes).toEqual([])
  })

  it("answers another user's saves as the texts are now, one entry per text, and only those of the area and language", async () => {
    const start = (await live(translator, { kind: 'vartext', lang: 'fr' })).cursor
    const untranslated = keys.find((key) => !(key in french))!
    const translated = keys.find((key) => key in french && stamps[key])!
    await save(reviewer, { [untranslated]: 'Première version' })
    const saved = await save(reviewer, { [untranslated]: 'Deuxième version', [translated]: 'Changé' }, { [translated]: stamps[translated]! })
    // Elsewhere: another language, and a system text.
    const [system] = await api.database.db.select({ key: texts.key }).from(texts).where(eq(texts.kind, 'system')).limit(1)
    const systemBody: SaveBody = { kind: 'system', languages: { fr: ['', { [system!.key]: 'Système' }] }, changes: { fr: [system!.key] }, pid2trus: {} }
    ok(await api.call(saveEndpoint, systemBody, { token: reviewer }))
    const otherLanguage: SaveBody = { languages: { en: ['', { [untranslated]: 'Other language' }] }, changes: { en: [untranslated] }, pid2trus: {} }
    ok(await api.call(vartextSaveEndpoint, otherLanguage, { token: reviewer }))

    const answer = await live(translator, { kind: 'vartext', lang: 'fr', since: start })
    const revisionOf = async (key: string) =>
      (
        await api.database.db
          .select({ revision: texts.revision })
          .from(texts)
          .where(and(eq(texts.kind, 'vartext'), eq(texts.key, key)))
      )[0]!.revision
    expect(answer.changes.filter((change) => change.key === untranslated)).toEqual([
      {
        key: untranslated,
        value: 'Deuxième version',
        stamp: saved[untranslated],
        revision: await revisionOf(untranslated),
        state: 'translated',
        ...without(REVIEWER),
      },
    ])
    expect(answer.changes.find((change) => change.key === translated)).toMatchObject({ value: 'Changé', stamp: saved[translated] })
    expect(new Set(answer.changes.map((change) => change.key)).size).toBe(answer.changes.length)
    expect(answer.cursor).not.toBe(start)

    // The system area and English see none of it.
    const systemChanges = await live(translator, { kind: 'system', lang: 'fr', since: start })
    expect(systemChanges.changes.map((change) => [change.key, change.value])).toEqual([[system!.key, 'Système']])
    const english = await live(translator, { kind: 'vartext', lang: 'en', since: start })
    expect(english.changes.map((change) => [change.key, change.value])).toEqual([[untranslated, 'Other language']])

    // From the new cursor on, the texts written in the last 15 s come again (a save that
    // committed late, below the cursor, is not lost); after that, nothing.
    const again = await live(translator, { kind: 'vartext', lang: 'fr', since: answer.cursor }, Date.now())
    expect(again.changes.map((change) => change.key).sort()).toEqual([translated, untranslated].sort())
    expect((await live(translator, { kind: 'vartext', lang: 'fr', since: answer.cursor }, Date.now() + 20_000)).changes).toEqual([])
  })

  it('answers a save that committed after a later-numbered one, below the cursor already handed out', async () => {
    const key = keys.find((candidate) => !(candidate in french) && candidate !== keys[0])!
    const [text] = await api.database.db
      .select({ id: texts.id })
      .from(texts)
      .where(and(eq(texts.kind, 'vartext'), eq(texts.key, key)))
    // The slow save's history row takes its number now; a quick save elsewhere commits first.
    const [slow] = await api.database.db
      .insert(translationHistory)
      .values({ textId: text!.id, languageCode: 'de', before: null, after: 'x', revision: 1 })
      .returning({ id: translationHistory.id })
    await save(reviewer, { [keys[0]!]: 'Schnell' })
    const handedOut = (await live(translator, { kind: 'vartext', lang: 'fr' })).cursor
    expect(Number(handedOut.split('.')[0])).toBeGreaterThan(slow!.id)
    // Now the slow one commits, numbered below the cursor.
    await api.database.db.update(translationHistory).set({ languageCode: 'fr', after: 'Lente' }).where(eq(translationHistory.id, slow!.id))
    await api.database.db.insert(translations).values({ textId: text!.id, languageCode: 'fr', value: 'Lente', revision: 1 })
    const answer = await live(translator, { kind: 'vartext', lang: 'fr', since: handedOut }, Date.now())
    expect(answer.changes.find((change) => change.key === key)).toMatchObject({ value: 'Lente' })
  })

  it('answers a removal as a text without value', async () => {
    const key = keys.find((candidate) => candidate in french && stamps[candidate])!
    const start = (await live(translator, { kind: 'vartext', lang: 'fr' })).cursor
    await save(reviewer, { [key]: '' })
    const [change] = (await live(translator, { kind: 'vartext', lang: 'fr', since: start })).changes
    expect(change).toMatchObject({ key, value: null, stamp: null, state: 'translated', by: null, username: null })
  })

  it('answers a review as a change of state, the stamp as it was; an approval of an outdated value shows as translated', async () => {
    const key = keys.filter((candidate) => candidate in french && stamps[candidate]).at(-1)!
    const start = (await live(translator, { kind: 'vartext', lang: 'fr' })).cursor
    const [row] = await api.database.db
      .select({ textId: translations.textId, stamp: translations.updatedAt, revision: translations.revision })
      .from(translations)
      .innerJoin(texts, eq(texts.id, translations.textId))
      .where(and(eq(texts.kind, 'vartext'), eq(texts.key, key), eq(translations.languageCode, 'fr')))
    const { textId, stamp } = row!
    await api.database.db
      .insert(translationReviews)
      .values({ textId, languageCode: 'fr', state: 'approved', valueStamp: stamp, byUserId: DEMO_ACCOUNTS.reviewer.userId })
    await api.database.db
      .update(translations)
      .set({ reviewState: 'approved', reviewedByUserId: DEMO_ACCOUNTS.reviewer.userId, reviewedAt: new Date() })
      .where(and(eq(translations.textId, textId), eq(translations.languageCode, 'fr')))
    const answer = await live(translator, { kind: 'vartext', lang: 'fr', since: start })
    expect(answer.changes).toEqual([
      { key, value: french[key], stamp: stamp.toISOString(), revision: row!.revision, state: 'approved', by: expect.any(String), username: expect.any(String) },
    ])

    // The master text changes: the approval is of an outdated value.
    await api.database.db
      .update(texts)
      .set({ revision: sql`${texts.revision} + 1` })
      .where(eq(texts.id, textId))
    const again = await live(translator, { kind: 'vartext', lang: 'fr', since: start })
    expect(again.changes[0]).toMatchObject({ key, state: 'translated' })
  })

  it('answers a review through POST /vue/i18n/review/ as the text with its new state, its stamp untouched', async () => {
    const key = keys.filter((candidate) => candidate in french && stamps[candidate]).at(-2)!
    const start = (await live(translator, { kind: 'vartext', lang: 'fr' })).cursor
    const reviewed = await api.call(
      reviewEndpoint,
      { kind: 'vartext', lang: 'fr', keys: [key], state: 'needs_editing', comment: 'Zu lang.' },
      { token: reviewer },
    )
    ok(reviewed)
    const answer = await live(translator, { kind: 'vartext', lang: 'fr', since: start })
    expect(answer.changes).toEqual([expect.objectContaining({ key, value: french[key], stamp: stamps[key], state: 'needs_editing' })])
    // A review moves the cursor's second part only.
    const [startHistory, startReviews] = start.split('.').map(Number)
    const [history, reviews] = answer.cursor.split('.').map(Number)
    expect(history).toBe(startHistory)
    expect(reviews).toBeGreaterThan(startReviews!)
  })

  it('lists the unexpired claims of others in the area and language, not the caller’s own', async () => {
    const now = Date.now()
    await claim(reviewer, { kind: 'vartext', lang: 'fr', key: keys[7]! }, now)
    await claim(translator, { kind: 'vartext', lang: 'fr', key: keys[8]! }, now)
    const forTranslator = await live(translator, { kind: 'vartext', lang: 'fr' }, now + 1000)
    expect(forTranslator.claims).toEqual([{ key: keys[7], ...REVIEWER }])
    const forReviewer = await live(reviewer, { kind: 'vartext', lang: 'fr' }, now + 1000)
    expect(forReviewer.claims).toEqual([{ key: keys[8], ...TRANSLATOR }])
    // Another language or area: none.
    expect((await live(translator, { kind: 'vartext', lang: 'en' }, now + 1000)).claims).toEqual([])
    expect((await live(translator, { kind: 'system', lang: 'fr' }, now + 1000)).claims).toEqual([])
    // Lapsed: none.
    expect((await live(translator, { kind: 'vartext', lang: 'fr' }, now + CLAIM_TTL_MS + 1)).claims).toEqual([])
    // Released: none.
    await claim(reviewer, { kind: 'vartext', lang: 'fr', key: null }, now + 2000)
    expect((await live(translator, { kind: 'vartext', lang: 'fr' }, now + 3000)).claims).toEqual([])
    await claim(translator, { kind: 'vartext', lang: 'fr', key: null }, now + 2000)
  })

  it('refuses bad input with 400, a call without a token with 401 and without CAN_TRANSLATE with 403', async () => {
    const queries: (LiveQuery | Unchecked)[] = [
      unchecked({ kind: 'vartext' }),
      unchecked({ lang: 'fr' }),
      unchecked({ kind: 'shop', lang: 'fr' }),
      { kind: 'vartext', lang: 'fr', since: '12' },
      { kind: 'vartext', lang: 'fr', since: 'a.b' },
      { kind: 'vartext', lang: 'xx' },
    ]
    for (const query of queries) {
      await unchangedBy(() => api.call(liveEndpoint, query, { token: translator }), 400)
    }
    await unchangedBy(() => api.call(liveEndpoint, { kind: 'vartext', lang: 'fr' }), 401)
    await unchangedBy(() => api.call(liveEndpoint, { kind: 'vartext', lang: 'fr' }, { token: carpenter }), 403)
  })
})

function without({ name: _name, ...rest }: typeof REVIEWER) {
  return rest
}
