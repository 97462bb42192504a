import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vartextXmlEndpoint } from '../../src/contract/translation'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { startApi, type CallResult, type TestApi } from '../helpers/api'
import { databaseSnapshot } from '../helpers/db-snapshot'
import { repeated, streamedUpload } from '../helpers/streamed-upload'

// XML files that hurt (decision 013): entity expansion, external entities and DTDs, nesting
// ten thousand deep, 100 MB. Each is refused with a 4xx naming what is wrong in the caller's
// language, and nothing is imported. The 100 MB file is made while it is sent, never held here.
let api: TestApi
let token: string
beforeAll(async () => {
  api = await startApi()
  token = await api.loginAs(DEMO_ACCOUNTS.translator.username)
})
afterAll(() => api.close())

const MB = 1_048_576

async function refused<R extends Pick<CallResult, 'httpStatus' | 'status' | 'messages'>>(status: number, send: () => Promise<R>): Promise<R> {
  const before = await databaseSnapshot(api.database)
  const result = await send()
  expect(result.httpStatus, result.messages.join('\n')).toBe(status)
  expect(result.status).toBe(false)
  expect(await databaseSnapshot(api.database)).toEqual(before)
  return result
}

function importXml(xml: string, locale: 'de' | 'en' = 'en') {
  const form = new FormData()
  form.set('file', new File([xml], 'texts.xml', { type: 'application/xml' }))
  return refused(400, () => api.upload(vartextXmlEndpoint, {}, { form }, { token, locale }))
}

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'

describe('DTDs and entities', () => {
  it.each([
    [
      'a billion laughs',
      `${DECLARATION}<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('\n')}\n]>\n<vartexts><text key="A"><master>&lol9;</master></text></vartexts>`,
      2,
    ],
    [
      'an external entity (XXE)',
      `${DECLARATION}<!DOCTYPE vartexts [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<vartexts><text key="A"><master>&xxe;</master></text></vartexts>`,
      2,
    ],
    ['an external parameter entity', `${DECLARATION}<!DOCTYPE vartexts [<!ENTITY % remote SYSTEM "http://127.0.0.1:9/evil.dtd"> %remote;]>\n<vartexts/>`, 2],
    ['an external DTD', `${DECLARATION}<!DOCTYPE vartexts SYSTEM "http://127.0.0.1:9/vartexts.dtd">\n<vartexts/>`, 2],
    ['a DTD behind a comment', `${DECLARATION}<!-- agency export -->\n\n<!DOCTYPE vartexts [<!ELEMENT vartexts ANY>]>\n<vartexts/>`, 4],
  ])('refuses %s at the line where its DOCTYPE starts, in English and German', async (_, xml, line) => {
    expect((await importXml(xml)).messages).toEqual([`Line ${line}: DOCTYPE declarations are not allowed (no DTDs, no entities).`])
    expect((await importXml(xml, 'de')).messages).toEqual([`Zeile ${line}: DOCTYPE-Deklarationen sind nicht erlaubt (keine DTDs, keine Entitäten).`])
  })

  it('refuses an entity that no DTD declares', async () => {
    const result = await importXml(`${DECLARATION}<vartexts><text key="A"><master>&lol9;</master></text></vartexts>`)
    expect(result.messages).toEqual([expect.stringMatching(/^Line 2, column \d+: the XML is not well-formed \(.*undefined entity/)])
  })
})

describe('deep nesting', () => {
  const deep = (outer: string, depth: number) => `${DECLARATION}${outer}${'<b>'.repeat(depth)}x${'</b>'.repeat(depth)}`

  it('refuses 10,000 nested elements inside a master text once they pass 8 levels: one message for the element, one for the depth', async () => {
    const result = await importXml(`${deep('<vartexts><text key="DEEP"><master>', 10_000)}</master></text></vartexts>`)
    expect(result.messages).toEqual([
      'Line 2: unknown element <b>.',
      'Line 2: the elements are nested more than 8 levels deep; a vartext file has three (vartexts › text › master).',
    ])
  })

  it('refuses 10,000 nested elements below the root the same way, in German', async () => {
    const result = await importXml(`${deep('<vartexts>', 10_000)}</vartexts>`, 'de')
    expect(result.messages).toEqual([
      'Zeile 2: unbekanntes Element <b>.',
      'Zeile 2: Die Elemente sind mehr als 8 Ebenen tief verschachtelt; eine Vartext-Datei hat drei (vartexts › text › master).',
    ])
  })

  it('refuses a million nested elements as quickly', async () => {
    const started = performance.now()
    const result = await importXml(`${deep('<vartexts><text key="DEEP"><master>', 1_000_000)}</master></text></vartexts>`)
    expect(result.messages.at(-1)).toMatch(/nested more than 8 levels deep/)
    expect(performance.now() - started).toBeLessThan(10_000)
  })

  it('still names a single unknown element inside a master text as before', async () => {
    const result = await importXml(`${DECLARATION}<vartexts><text key="B"><master>a <b>bold</b> word</master></text></vartexts>`)
    expect(result.messages).toEqual(['Line 2: unknown element <b>.'])
  })
})

describe('a 100 MB file', () => {
  const file = () => streamedUpload('file', 'texts.xml', 100 * MB, repeated(`${DECLARATION}<vartexts><text key="BIG"><master>`, 'x'))

  it('is refused with 413 by its declared length at once, before a byte of it is read', async () => {
    const upload = file()
    const result = await refused(413, () => api.upload(vartextXmlEndpoint, {}, { stream: upload }, { token }))
    expect(result.messages).toEqual(['The request is too large (at most 20.00 MB).'])
    expect(upload.pulled()).toBeLessThan(MB)
  })

  it('is refused with 413 as soon as it passes 20 MB when no length is declared, in German', async () => {
    const upload = file()
    const result = await refused(413, () =>
      api.upload(vartextXmlEndpoint, {}, { stream: { body: upload.body, contentType: upload.contentType } }, { token, locale: 'de' }),
    )
    expect(result.messages).toEqual(['Die Anfrage ist zu groß (höchstens 20,00 MB).'])
    expect(upload.pulled()).toBeLessThan(21 * MB)
  })
})
