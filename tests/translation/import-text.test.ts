import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vartextTextsEndpoint, vartextXmlEndpoint } from '../../src/contract/translation'
import { TEXT_KEY_MAX, TEXT_VALUE_MAX } from '../../src/contract/translation-save'
import { texts, translations } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'

// POST /vue/i18n/vartext-xml/ keeps text exactly (decision 013): white space, CDATA, xml:space, the
// declared encoding, the save's limits, characters XML forbids. What an import stores is checked
// through the read a translator's workspace makes.
let api: TestApi
let token: string
beforeAll(async () => {
  api = await startApi()
  token = await api.loginAs(DEMO_ACCOUNTS.translator.username)
})
afterAll(() => api.close())

function form(content: string | Uint8Array) {
  const data = new FormData()
  data.set('file', new File([typeof content === 'string' ? content : new Uint8Array(content)], 'texts.xml', { type: 'application/xml' }))
  return data
}

const doc = (body: string, declaration = '<?xml version="1.0" encoding="UTF-8"?>') => `${declaration}\n<vartexts>\n${body}\n</vartexts>\n`

const importXml = (content: string | Uint8Array, locale?: 'de' | 'en') => api.upload(vartextXmlEndpoint, {}, { form: form(content) }, { token, locale })

/** The read a translator's workspace makes: the vartext master texts and their French translations. */
const readFrench = async () => (await api.call(vartextTextsEndpoint, { src: 'master', dst: 'fr' }, { token })).data

/** Imports the file and answers the master and French texts of `key` as the vartext read returns them. */
async function importAndRead(content: string | Uint8Array, key: string) {
  const result = await importXml(content)
  expect([result.httpStatus, result.messages]).toEqual([200, []])
  const read = await readFrench()
  return { master: read.languages.master![1][key], fr: read.languages.fr![1][key], counts: result.data }
}

async function refused(content: string | Uint8Array) {
  const before = await snapshot()
  const result = await importXml(content)
  expect(result.httpStatus).toBe(400)
  expect(await snapshot()).toEqual(before)
  return result.messages.join('\n')
}

/** Every text and translation row, to show that a refused file changed nothing. */
async function snapshot() {
  const [textRows, translationRows] = await Promise.all([api.database.db.select().from(texts), api.database.db.select().from(translations)])
  return {
    textRows: textRows.length,
    translations: translationRows.map((row) => `${row.textId}|${row.languageCode}|${row.value}|${row.updatedAt.getTime()}`).sort(),
  }
}

describe('the import keeps text exactly', () => {
  it('keeps leading and trailing spaces and newlines of master texts and translations', async () => {
    const read = await importAndRead(
      doc(`<text key="WS-1">\n  <master>  Scharnier\n mit Dämpfung \n</master>\n  <translation lang="fr">\n\tCharnière  </translation>\n</text>`),
      'WS-1',
    )
    expect(read.master).toBe('  Scharnier\n mit Dämpfung \n')
    expect(read.fr).toBe('\n\tCharnière  ')
    // The same file again changes nothing: import and read agree.
    const again = await importXml(
      doc(`<text key="WS-1"><master>  Scharnier\n mit Dämpfung \n</master><translation lang="fr">\n\tCharnière  </translation></text>`),
    )
    expect(again.data).toEqual({ texts: { new: 0, changed: 0, unchanged: 1 }, translations: { new: 0, changed: 0, unchanged: 2 } })
  })

  it('accepts a CDATA section as the text', async () => {
    const read = await importAndRead(
      doc('<text key="CD-1"><master><![CDATA[<b>Griff</b> & Knopf ]]></master><translation lang="fr"><![CDATA[ <b>Poignée</b>]]></translation></text>'),
      'CD-1',
    )
    expect([read.master, read.fr]).toEqual(['<b>Griff</b> & Knopf ', ' <b>Poignée</b>'])
  })

  it('joins text and CDATA sections mixed in one element', async () => {
    const read = await importAndRead(doc('<text key="CD-2"><master>Preis &lt; <![CDATA[<5 €>]]> netto<![CDATA[ & ]]>brutto </master></text>'), 'CD-2')
    expect(read.master).toBe('Preis < <5 €> netto & brutto ')
  })

  it('honours xml:space on any element, keeps content exactly with either value, and refuses another value naming the line', async () => {
    const read = await importAndRead(
      doc(
        '<text key="SP-1" xml:space="default"><master xml:space="preserve">  a  b  </master><translation lang="fr" xml:space="default"> c </translation></text>',
        '<?xml version="1.0"?>',
      ),
      'SP-1',
    )
    expect([read.master, read.fr]).toEqual(['  a  b  ', ' c '])
    expect(await refused(doc('<text key="SP-2">\n<master xml:space="keep"> x </master></text>'))).toBe('Line 4: xml:space must be "preserve" or "default".')
  })

  it('treats white space between elements as formatting and a master text of only white space as missing', async () => {
    const read = await importAndRead(doc('\n\n  <text key="SP-3">\n\n    <desc> note </desc>\n    <master>x</master>\n  </text>\n\n'), 'SP-3')
    expect(read.master).toBe('x')
    expect(await refused(doc('<text key="SP-4"><master>  \n </master></text>'))).toMatch(/^Line 3: the text SP-4 has no master text\.$/)
  })
})

describe('the import reads the declared encoding', () => {
  it('reads an ISO-8859-1 file with umlauts exactly', async () => {
    const xml = doc(
      '<text key="ENC-1"><master>Tür für Größe ½ – ß</master><translation lang="fr">Poignée à œil</translation></text>',
      "<?xml version='1.0' encoding='ISO-8859-1'?>",
    )
    const read = await importAndRead(latin1(xml.replace('–', '-').replace('œ', 'oe')), 'ENC-1')
    expect([read.master, read.fr]).toEqual(['Tür für Größe ½ - ß', 'Poignée à oeil'])
  })

  it('reads a Windows-1252 file with umlauts and € exactly (and € in a file declared Latin-1, as Windows tools write it)', async () => {
    const xml = doc(
      '<text key="ENC-2"><master>Türgriff – 5 € „Öko“</master><translation lang="fr">Poignée – 5 € œil</translation></text>',
      '<?xml version="1.0" encoding="windows-1252"?>',
    )
    const read = await importAndRead(windows1252(xml), 'ENC-2')
    expect([read.master, read.fr]).toEqual(['Türgriff – 5 € „Öko“', 'Poignée – 5 € œil'])
    const latin = await importAndRead(
      windows1252(doc('<text key="ENC-3"><master>Preis 5 €</master></text>', '<?xml version="1.0" encoding="latin1"?>')),
      'ENC-3',
    )
    expect(latin.master).toBe('Preis 5 €')
  })

  it('reads UTF-8 with a byte order mark and UTF-16 in both byte orders', async () => {
    const text = 'Tür 5 € 𝄞'
    const utf8 = await importAndRead(
      new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(doc(`<text key="BOM-8"><master>${text}</master></text>`))]),
      'BOM-8',
    )
    expect(utf8.master).toBe(text)
    const le = await importAndRead(
      utf16(doc(`<text key="BOM-16LE"><master>${text}</master></text>`, '<?xml version="1.0" encoding="UTF-16"?>'), true),
      'BOM-16LE',
    )
    expect(le.master).toBe(text)
    const be = await importAndRead(utf16(doc(`<text key="BOM-16BE"><master>${text}</master></text>`, '<?xml version="1.0"?>'), false), 'BOM-16BE')
    expect(be.master).toBe(text)
  })

  it('refuses invalid UTF-8 without a declared encoding, naming the line and the byte', async () => {
    const message = await refused(latin1(doc('<text key="ENC-4">\n<master>Tür</master></text>', '<?xml version="1.0"?>')))
    expect(message).toMatch(/^Line 4: the file is not valid UTF-8 \(found 0xFC\)\. If it is written in another encoding, declare it in the first line/)
    expect(await refused(latin1(doc('<text key="ENC-5"><master>Größe</master></text>')))).toMatch(/^Line 3: the file is not valid UTF-8 \(found 0xF6\)/)
    // Cut in the middle of a character, and an overlong form.
    expect(await refused(new Uint8Array([...new TextEncoder().encode(doc('<text key="ENC-6"><master>x</master></text>')), 0xe2, 0x82]))).toMatch(
      /^Line 5: .*found 0xE2/,
    )
    expect(
      await refused(
        new Uint8Array([
          ...new TextEncoder().encode('<vartexts>\n<text key="A"><master>'),
          0xc0,
          0xaf,
          ...new TextEncoder().encode('</master></text></vartexts>'),
        ]),
      ),
    ).toMatch(/^Line 2: .*found 0xC0/)
  })

  it('refuses an encoding it does not read, naming it, and a byte order mark that contradicts the declaration', async () => {
    expect(await refused(doc('<text key="ENC-7"><master>x</master></text>', '<?xml version="1.0" encoding="Shift_JIS"?>'))).toBe(
      'The file declares the encoding Shift_JIS, which the import cannot read. Save it as UTF-8, or as ISO-8859-1 or Windows-1252 with that declared.',
    )
    const de = await importXml(doc('<text key="ENC-8"><master>x</master></text>', '<?xml version="1.0" encoding="EBCDIC-CP-DE"?>'), 'de')
    expect([de.httpStatus, de.messages[0]]).toEqual([
      400,
      expect.stringMatching(/^Die Datei deklariert die Zeichenkodierung EBCDIC-CP-DE, die der Import nicht lesen kann/),
    ])
    const bom = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode(doc('<text key="ENC-9"><master>x</master></text>', '<?xml version="1.0" encoding="ISO-8859-1"?>')),
    ])
    expect(await refused(bom)).toBe('The file declares the encoding ISO-8859-1 but starts with a UTF-8 byte order mark.')
    const noBom = utf16(doc('<text key="ENC-10"><master>x</master></text>', '<?xml version="1.0" encoding="UTF-16"?>'), true).subarray(2)
    expect(await refused(noBom)).toBe('The file is in UTF-16 without a byte order mark: save it with one, or as UTF-8.')
  })
})

describe('the import refuses characters XML does not allow', () => {
  it('refuses a NUL byte and other control characters with the line, in any encoding', async () => {
    expect(await refused(doc('<text key="CC-1">\n<master>a\u0000b</master></text>'))).toBe(
      'Line 4: the file contains the control character U+0000, which XML does not allow.',
    )
    expect(await refused(latin1(doc('<text key="CC-2"><master>Tür\u001b</master></text>', '<?xml version="1.0" encoding="ISO-8859-1"?>')))).toBe(
      'Line 3: the file contains the control character U+001B, which XML does not allow.',
    )
    expect(await refused(doc('<text key="CC-3"><master>a&#0;b</master></text>'))).toMatch(/^Line 3, column \d+: the XML is not well-formed/)
    const de = await importXml(doc('<text key="CC-4"><master>\u0007</master></text>'), 'de')
    expect(de.messages).toEqual(['Zeile 3: Die Datei enthält das Steuerzeichen U+0007, das in XML nicht erlaubt ist.'])
  })
})

describe('the import applies the save limits', () => {
  it('takes a master text, translation and key right at the limits', async () => {
    const key = `L-${'k'.repeat(TEXT_KEY_MAX - 2)}`
    const read = await importAndRead(
      doc(`<text key="${key}"><master>${'m'.repeat(TEXT_VALUE_MAX)}</master><translation lang="fr">${'€'.repeat(TEXT_VALUE_MAX)}</translation></text>`),
      key,
    )
    expect([read.master?.length, read.fr?.length]).toEqual([TEXT_VALUE_MAX, TEXT_VALUE_MAX])
  })

  it('refuses a too long master text, translation, description or key with the line of each, and changes nothing', async () => {
    await importAndRead(doc('<text key="LIM-1"><master>kurz</master><translation lang="fr">court</translation></text>'), 'LIM-1')
    const message = await refused(
      doc(
        [
          `<text key="LIM-1">`,
          `  <master>${'m'.repeat(TEXT_VALUE_MAX + 1)}</master>`,
          `  <translation lang="fr">${'t'.repeat(TEXT_VALUE_MAX + 1)}</translation>`,
          `</text>`,
          `<text key="LIM-2"><desc>${'d'.repeat(TEXT_VALUE_MAX + 1)}</desc><master>x</master></text>`,
          `<text key="${'k'.repeat(TEXT_KEY_MAX + 1)}"><master>x</master></text>`,
        ].join('\n'),
      ),
    )
    expect(message.split('\n')).toEqual([
      'Line 4: <master> of the text LIM-1 has 10,001 characters; at most 10,000 are allowed.',
      'Line 5: <translation> of the text LIM-1 has 10,001 characters; at most 10,000 are allowed.',
      'Line 7: <desc> of the text LIM-2 has 10,001 characters; at most 10,000 are allowed.',
      'Line 8: the key is longer than 500 characters.',
    ])
    const read = await readFrench()
    expect([read.languages.master![1]['LIM-1'], read.languages.fr![1]['LIM-1']]).toEqual(['kurz', 'court'])
  })

  it('refuses a master text of many megabytes in German too', async () => {
    const result = await importXml(doc(`<text key="LIM-3"><master>${'x'.repeat(5_000_000)}</master></text>`), 'de')
    expect([result.httpStatus, result.messages]).toEqual([400, ['Zeile 3: <master> des Textes LIM-3 hat 5.000.000 Zeichen; erlaubt sind höchstens 10.000.']])
  })
})

function latin1(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'latin1'))
}

// Windows-1252 differs from Latin-1 in 0x80–0x9F; these are the characters the tests use.
const CP1252: Record<string, number> = { '€': 0x80, '–': 0x96, '„': 0x84, '“': 0x93, œ: 0x9c }
function windows1252(text: string): Uint8Array {
  return new Uint8Array([...text].map((char) => CP1252[char] ?? char.charCodeAt(0)))
}

function utf16(text: string, littleEndian: boolean): Uint8Array {
  const bytes = Buffer.from(`\ufeff${text}`, 'utf16le')
  if (!littleEndian) bytes.swap16()
  return new Uint8Array(bytes)
}
