import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { catalogEndpoint, vartextTextsEndpoint } from '../../src/contract/translation'
import {
  COMMENT_MAX,
  type commentCreateBody,
  commentCreateEndpoint,
  commentDeleteEndpoint,
  commentsEndpoint,
  type commentsQuery,
  type TextComment,
} from '../../src/contract/translation-team'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { databaseSnapshot } from '../helpers/db-snapshot'
import { startApi, type CallResult, type TestApi } from '../helpers/api'
import { unchecked, type Unchecked } from '../helpers/endpoint-call'

// /vue/i18n/comments/: the discussion of a text in one language (docs/decisions/049).
let api: TestApi
let translator: string
let reviewer: string
let carpenter: string
beforeAll(async () => {
  api = await startApi()
  translator = await api.loginAs(DEMO_ACCOUNTS.translator.username)
  reviewer = await api.loginAs(DEMO_ACCOUNTS.reviewer.username)
  carpenter = await api.loginAs(DEMO_ACCOUNTS.carpenter.username)
})
afterAll(() => api.close())

type CommentInput = z.input<typeof commentCreateBody>

function create(body: CommentInput | Unchecked, options: { token?: string; locale?: 'de' | 'en' } = {}) {
  return api.call(commentCreateEndpoint, body, { token: translator, ...options })
}

async function created(body: CommentInput, token = translator) {
  const result = await create(body, { token })
  expect(result.httpStatus, JSON.stringify(result.messages)).toBe(200)
  return result.data.comment
}

async function list(kind: TextComment['kind'], lang: string, key: string) {
  const result = await api.call(commentsEndpoint, { kind, lang, key }, { token: translator })
  expect(result.httpStatus, JSON.stringify(result.messages)).toBe(200)
  return result.data.comments
}

async function vartexts() {
  return (await api.call(vartextTextsEndpoint, { src: 'master', dst: 'fr' }, { token: translator })).data
}

let taken = 0
/** A vartext key no other test comments on. */
async function freshKey(): Promise<string> {
  const keys = Object.keys((await vartexts()).revisions.master!).sort()
  return keys[taken++]!
}

async function unchangedBy(call: () => Promise<Pick<CallResult, 'httpStatus' | 'messages'>>, status: number, messages?: string[]) {
  const before = await databaseSnapshot(api.database)
  const result = await call()
  expect(result.httpStatus, JSON.stringify(result.messages)).toBe(status)
  if (messages) expect(result.messages).toEqual(messages)
  expect(await databaseSnapshot(api.database)).toEqual(before)
}

describe(`POST ${commentCreateEndpoint.path}`, () => {
  it('adds a trimmed plain-text comment with its author and time; the list has it, oldest first, and the read call counts it', async () => {
    const key = await freshKey()
    const first = await created({ kind: 'vartext', lang: 'fr', key, text: '  Ist „Tür“ hier <b>Haustür</b>?\n ' })
    expect(first).toEqual({
      id: expect.any(Number),
      kind: 'vartext',
      lang: 'fr',
      key,
      text: 'Ist „Tür“ hier <b>Haustür</b>?',
      by: expect.stringContaining(`(${DEMO_ACCOUNTS.translator.username})`),
      username: DEMO_ACCOUNTS.translator.username,
      at: expect.any(String),
      client_id: null,
    })
    const second = await created({ kind: 'vartext', lang: 'fr', key, text: 'Ja.' }, reviewer)
    expect(await list('vartext', 'fr', key)).toEqual([first, second])
    expect(await list('vartext', 'en', key)).toEqual([])
    expect((await vartexts()).comments.fr![key]).toBe(2)
  })

  it('comments on catalogue labels under catalog, and the catalogue read counts them', async () => {
    const catalog = (await api.call(catalogEndpoint, { src: 'master', dst: 'en' }, { token: translator })).data
    const label = Object.keys(catalog.revisions.master!)[0]!
    const comment = await created({ kind: 'catalog', lang: 'en', key: label, text: 'Plural?' })
    expect(comment).toMatchObject({ kind: 'catalog', key: label })
    const after = (await api.call(catalogEndpoint, { src: 'master', dst: 'en' }, { token: translator })).data
    expect(after.comments.en![label]).toBe(1)
  })

  it('a resend with the same client_id answers the stored comment and adds nothing; the id is per author', async () => {
    const key = await freshKey()
    const body: CommentInput = { kind: 'vartext', lang: 'fr', key, text: 'Offline geschrieben', client_id: 'c-0123456789abcdef' }
    const first = await created(body)
    expect(first.client_id).toBe('c-0123456789abcdef')
    expect(await created({ ...body, text: 'Anders' })).toEqual(first)
    expect(await list('vartext', 'fr', key)).toEqual([first])
    const other = await created(body, reviewer)
    expect(other.id).not.toBe(first.id)
    expect((await list('vartext', 'fr', key)).map((comment) => comment.id)).toEqual([first.id, other.id])
  })

  it('refuses bad input in the caller’s language, adding nothing', async () => {
    const key = await freshKey()
    const good: CommentInput = { kind: 'vartext', lang: 'fr', key, text: 'x' }
    await unchangedBy(() => create({ ...good, text: '   ' }), 400)
    await unchangedBy(() => create({ ...good, text: 'x'.repeat(COMMENT_MAX + 1) }), 400)
    expect((await create({ ...good, text: 'x'.repeat(COMMENT_MAX) })).httpStatus).toBe(200)
    await unchangedBy(() => create({ ...good, client_id: 'short' }), 400)
    await unchangedBy(() => create({ ...good, client_id: 'has spaces in it' }), 400)
    await unchangedBy(() => create({ ...good, lang: 'zz' }), 400, ['There is no language zz.'])
    await unchangedBy(() => create({ ...good, lang: 'master' }), 400, ['Reviews and comments belong to a translation: choose a language other than master.'])
    await unchangedBy(() => create(unchecked({ ...good, kind: 'catalogue' })), 400)
    await unchangedBy(() => create({ ...good, key: 'NO-SUCH-KEY' }), 404, ['There is no text NO-SUCH-KEY.'])
    await unchangedBy(() => create({ ...good, key: 'NO-SUCH-KEY' }, { locale: 'de' }), 404, ['Den Text NO-SUCH-KEY gibt es nicht.'])
    await unchangedBy(() => create({ ...good, kind: 'catalog' }), 404, [`There is no text ${key}.`])
  })

  it('needs a token and CAN_TRANSLATE', async () => {
    const body: CommentInput = { kind: 'vartext', lang: 'fr', key: await freshKey(), text: 'x' }
    await unchangedBy(() => api.call(commentCreateEndpoint, body), 401, ['Please log in first.'])
    await unchangedBy(() => create(body, { token: carpenter }), 403, ['You are not allowed to do this.'])
  })
})

describe(`GET ${commentsEndpoint.path}`, () => {
  it('refuses an unknown text (404) and bad input (400)', async () => {
    const get = (query: z.input<typeof commentsQuery> | Unchecked, token = translator) => api.call(commentsEndpoint, query, { token })
    const key = await freshKey()
    expect((await get({ kind: 'vartext', lang: 'fr', key: 'NO-SUCH-KEY' })).httpStatus).toBe(404)
    expect((await get({ kind: 'vartext', lang: 'zz', key })).messages).toEqual(['There is no language zz.'])
    expect((await get(unchecked({ kind: 'vartext', lang: 'fr' }))).httpStatus).toBe(400)
    expect((await get(unchecked({ kind: 'texts', lang: 'fr', key }))).httpStatus).toBe(400)
    expect((await get({ kind: 'vartext', lang: 'fr', key }, '')).httpStatus).toBe(401)
    expect((await get({ kind: 'vartext', lang: 'fr', key }, carpenter)).httpStatus).toBe(403)
  })
})

describe(`DELETE ${commentDeleteEndpoint.path}`, () => {
  const remove = (id: number, token: string, locale: 'de' | 'en' = 'en') => api.call(commentDeleteEndpoint, { id }, { token, locale })

  it('its author removes a comment; another translator may not (403), a reviewer may', async () => {
    const key = await freshKey()
    const mine = await created({ kind: 'vartext', lang: 'fr', key, text: 'Meiner' })
    const theirs = await created({ kind: 'vartext', lang: 'fr', key, text: 'Vom Prüfer' }, reviewer)
    const other = await created({ kind: 'vartext', lang: 'fr', key, text: 'Noch einer' })
    await unchangedBy(() => remove(theirs.id, translator), 403, ['Only its author or a reviewer may remove a comment.'])
    await unchangedBy(() => remove(theirs.id, translator, 'de'), 403, ['Einen Kommentar dürfen nur sein Verfasser und Prüfer entfernen.'])
    const removed = await remove(mine.id, translator)
    expect(removed.httpStatus, JSON.stringify(removed.messages)).toBe(200)
    expect(removed.data).toEqual({ id: mine.id })
    expect((await remove(other.id, reviewer)).httpStatus).toBe(200)
    expect((await remove(theirs.id, reviewer)).httpStatus).toBe(200)
    expect(await list('vartext', 'fr', key)).toEqual([])
    expect((await vartexts()).comments.fr![key]).toBeUndefined()
  })

  it('answers 404 for an unknown comment, 401 without a token and 403 without CAN_TRANSLATE', async () => {
    const comment = await created({ kind: 'vartext', lang: 'fr', key: await freshKey(), text: 'Bleibt' })
    await unchangedBy(() => remove(comment.id + 1000, translator), 404, ['There is no such comment.'])
    await unchangedBy(() => remove(comment.id + 1000, translator, 'de'), 404, ['Diesen Kommentar gibt es nicht.'])
    await unchangedBy(() => remove(comment.id, ''), 401)
    await unchangedBy(() => remove(comment.id, carpenter), 403, ['You are not allowed to do this.'])
    // A malformed id in the path: the URL itself is what is refused.
    await unchangedBy(() => api.request('DELETE', '/vue/i18n/comments/abc/', { token: translator }), 400)
  })
})
