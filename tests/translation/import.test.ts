import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vartextXmlEndpoint } from '../../src/contract/translation'
import { texts, translations, users } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'
import { unchecked } from '../helpers/endpoint-call'

// POST /vue/i18n/vartext-xml/: the XML import of vartext master texts and translations.
let api: TestApi
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

const { translator, carpenter } = DEMO_ACCOUNTS

function form(xml: string, name = 'texts.xml') {
  const data = new FormData()
  data.set('file', new File([xml], name, { type: 'application/xml' }))
  return data
}

const upload = (data: FormData, token?: string) => api.upload(vartextXmlEndpoint, {}, { form: data }, { token })

const doc = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<vartexts>\n${body}\n</vartexts>\n`

async function stored(key: string) {
  const [text] = await api.database.db
    .select()
    .from(texts)
    .where(and(eq(texts.kind, 'vartext'), eq(texts.key, key)))
  if (!text) return null
  const rows = await api.database.db.select().from(translations).where(eq(translations.textId, text.id))
  return { text, values: Object.fromEntries(rows.map((row) => [row.languageCode, row])) }
}

async function countTexts() {
  return api.database.db.$count(texts)
}

describe(`POST ${vartextXmlEndpoint.path}`, () => {
  it('imports new texts with their translations, recording who and when, and counts them', async () => {
    const token = await api.loginAs(translator.username)
    const xml = doc(`
  <text key="IMP-001" tags="doors, hinges">
    <desc>For translators &amp; agencies</desc>
    <master>Scharnier mit Dämpfung</master>
    <translation lang="en">Soft-close hinge</translation>
    <translation lang="fr">Charnière à fermeture amortie</translation>
  </text>
  <text key="IMP-002"><master>Griff &lt;b&gt;links&lt;/b&gt;</master></text>`)
    const result = await upload(form(xml), token)
    expect(result.httpStatus).toBe(200)
    expect(result.data).toEqual({
      texts: { new: 2, changed: 0, unchanged: 0 },
      translations: { new: 4, changed: 0, unchanged: 0 },
    })
    const first = await stored('IMP-001')
    expect(first?.text.description).toBe('For translators & agencies')
    expect(first?.text.tags).toEqual(['doors', 'hinges'])
    expect(first?.values.master?.value).toBe('Scharnier mit Dämpfung')
    expect(first?.values.fr?.value).toBe('Charnière à fermeture amortie')
    const [me] = await api.database.db.select({ id: users.id }).from(users).where(eq(users.email, translator.username))
    expect(first?.values.en?.updatedByUserId).toBe(me!.id)
    expect(Date.now() - first!.values.en!.updatedAt.getTime()).toBeLessThan(60_000)
    expect((await stored('IMP-002'))?.values.master?.value).toBe('Griff <b>links</b>')
  })

  it('is unchanged on a second import, and a changed master text bumps the revision', async () => {
    const token = await api.loginAs(translator.username)
    const same = doc(`<text key="IMP-001" tags="doors, hinges"><desc>For translators &amp; agencies</desc><master>Scharnier mit Dämpfung</master>
      <translation lang="en">Soft-close hinge</translation><translation lang="fr">Charnière à fermeture amortie</translation></text>`)
    const again = await upload(form(same), token)
    expect(again.data).toEqual({ texts: { new: 0, changed: 0, unchanged: 1 }, translations: { new: 0, changed: 0, unchanged: 3 } })
    const before = (await stored('IMP-001'))!.text.revision
    const changed = await upload(
      form(doc(`<text key="IMP-001" tags="doors,hinges"><desc>For translators &amp; agencies</desc><master>Scharnier, gedämpft</master></text>`)),
      token,
    )
    expect(changed.data).toEqual({ texts: { new: 0, changed: 1, unchanged: 0 }, translations: { new: 0, changed: 1, unchanged: 0 } })
    const after = (await stored('IMP-001'))!
    expect(after.text.revision).toBe(before + 1)
    expect(after.values.master?.revision).toBe(before + 1)
    // Translations not in the file are left alone.
    expect(after.values.fr?.value).toBe('Charnière à fermeture amortie')
  })

  const refused: Array<[string, string, RegExp]> = [
    ['malformed XML', doc('<text key="A"><master>x</text>'), /^Line \d+, column \d+: the XML is not well-formed/],
    [
      'a DOCTYPE with entities (billion laughs)',
      `<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>\n<vartexts><text key="A"><master>&lol2;</master></text></vartexts>`,
      /^Line 2: DOCTYPE declarations are not allowed/,
    ],
    [
      'an external entity',
      `<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<vartexts><text key="A"><master>&xxe;</master></text></vartexts>`,
      /DOCTYPE declarations are not allowed/,
    ],
    ['an undeclared entity', doc('<text key="A"><master>&xxe;</master></text>'), /not well-formed/],
    ['a text without key', doc('<text><master>x</master></text>'), /^Line 3: the text has no key\.$/],
    ['a text without master', doc('<text key="NO-MASTER"><translation lang="en">x</translation></text>'), /the text NO-MASTER has no master text/],
    ['an unknown language', doc('<text key="A"><master>x</master><translation lang="xx">y</translation></text>'), /there is no language xx/],
    [
      'a duplicate key',
      doc('<text key="DUP"><master>x</master></text>\n<text key="DUP"><master>y</master></text>'),
      /the key DUP appears twice \(first in line 3\)/,
    ],
    ['an unknown element', doc('<text key="A"><master>x</master><note>y</note></text>'), /unknown element <note>/],
    ['another root', '<texts><text key="A"><master>x</master></text></texts>', /^The root element must be <vartexts>\.$/],
    ['an empty file', doc(''), /^The file holds no texts\.$/],
  ]
  for (const [name, xml, message] of refused) {
    it(`refuses ${name} with a clear message and imports nothing`, async () => {
      const token = await api.loginAs(translator.username)
      const before = await countTexts()
      const result = await upload(form(xml), token)
      expect(result.httpStatus).toBe(400)
      expect(result.messages.join('\n')).toMatch(message)
      expect(await countTexts()).toBe(before)
    })
  }

  it('imports nothing when one text among good ones is bad', async () => {
    const token = await api.loginAs(translator.username)
    const before = await countTexts()
    const good = Array.from({ length: 50 }, (_, i) => `<text key="GOOD-${i}"><master>Text ${i}</master></text>`).join('\n')
    const result = await upload(form(doc(`${good}\n<text key="BAD"><master>x</master><translation lang="zz">y</translation></text>`)), token)
    expect(result.httpStatus).toBe(400)
    expect(await countTexts()).toBe(before)
    expect(await stored('GOOD-0')).toBeNull()
  })

  it('refuses a file over 20 MB with 413, a body that is not multipart with 415, and a missing file', async () => {
    const token = await api.loginAs(translator.username)
    const big = await upload(form(doc(`<text key="BIG"><master>${'x'.repeat(21 * 1_048_576)}</master></text>`)), token)
    expect(big.httpStatus).toBe(413)
    const json = await api.call(vartextXmlEndpoint, unchecked({ file: 'x' }), { token })
    expect([json.httpStatus, json.messages]).toEqual([415, ['Send this as multipart/form-data.']])
    const empty = new FormData()
    empty.set('note', 'no file')
    expect((await upload(empty, token)).httpStatus).toBe(400)
  })

  it('needs a token and CAN_TRANSLATE', async () => {
    expect((await upload(form(doc('<text key="A"><master>x</master></text>')))).httpStatus).toBe(401)
    const token = await api.loginAs(carpenter.username)
    const result = await upload(form(doc('<text key="A"><master>x</master></text>')), token)
    expect([result.httpStatus, result.status]).toEqual([403, false])
  })
})
