import { describe, expect, it } from 'vitest'
import { XLIFF_FILE_MAX_BYTES, keyOfUnitId, readXliff, unitId, type XliffProblem, type XliffUnit } from '../../app/features/translation/xliff-file'
import { buildXliff } from '../../app/features/translation/xliff-write'
import { xliffEdits, type LocalPart } from '../../app/features/translation/xliff-edits'
import { xliffProblemText } from '../../app/features/translation/xliff-problems'
import { pendingRow } from './pending-row'

// The XLIFF 2.0 round trip (docs/decisions/039): what goes out comes back exactly, a file made by
// a translation tool imports, and a file that does not fit is refused naming why, in both languages.

const VARTEXT = { src: 'master', dst: 'en', originals: ['vartext'] }
const read = (xml: string, expect = VARTEXT) => readXliff(xml, new TextEncoder().encode(xml).length, expect)
const problemOf = (xml: string, expect = VARTEXT): XliffProblem => {
  const result = read(xml, expect)
  if (result.ok) throw new Error('expected a refusal')
  return result.problem
}

const AWKWARD: Array<[string, string]> = [
  ['plain', 'Drawer'],
  ['with spaces and / slashes', 'Tags <b>bold</b> and <br/> and <a href="x?a=1&b=2">link</a>'],
  ['quote " apostrophe \' less < amp & greater >', 'Entities stay text: &amp; &nbsp; &lt;b&gt;'],
  ['line\nbreak\tand tab', 'Two\nlines\r\nand a CR LF, ending with a newline\n'],
  ['\uFEFFstarts with a BOM', '  spaces around  '],
  ['emoji 😀 ü ß 中文', 'Emoji 😀 and ]]> and {0} placeholders %s'],
  ['controls', 'a\u0001b\u001Fc\uFFFEd lone \uD800 surrogate'],
  ['only spaces', '   '],
]

describe('XLIFF 2.0 round trip', () => {
  it('gives back every key and text exactly, markup as text', () => {
    const units: XliffUnit[] = AWKWARD.map(([key, target], index) => ({ key, source: `Quelle ${index} <i>x</i>`, target, note: `note & <${key}>` }))
    const { xml, count } = buildXliff({ src: 'master', dst: 'en', parts: [{ original: 'vartext', units }], mode: 'all' })
    expect(count).toBe(AWKWARD.length)
    expect(xml).toContain('srcLang="de" trgLang="en"')
    expect(xml).toContain('&lt;b&gt;bold&lt;/b&gt;')
    expect(xml).toContain('<cp hex="0001"/>')
    const result = read(xml)
    expect(result).toMatchObject({ ok: true, file: { src: 'master', dst: 'en', empty: 0 } })
    if (!result.ok) return
    expect(result.file.parts.map((part) => part.original)).toEqual(['vartext'])
    expect(result.file.parts[0]!.units.map((unit) => [unit.key, unit.target])).toEqual(AWKWARD)
  })

  it('unit ids are NMTOKENs that decode to the key, and only ids made so decode', () => {
    for (const [key] of AWKWARD) {
      expect(unitId(key)).toMatch(/^k[A-Za-z0-9_-]+$/)
      expect(keyOfUnitId(unitId(key))).toBe(key)
    }
    expect(keyOfUnitId('greeting')).toBeNull()
    expect(keyOfUnitId('k_-')).toBeNull()
  })

  it('carries the stamp each text stands on: a stamp, none (untranslated), or not said', () => {
    const units: XliffUnit[] = [
      { key: 'a', source: 'A', target: 'a', base: '2026-11-01T10:00:00.000Z' },
      { key: 'b', source: 'B', target: 'b', base: null },
      { key: 'c', source: 'C', target: 'c' },
    ]
    const result = read(buildXliff({ src: 'master', dst: 'en', parts: [{ original: 'vartext', units }], mode: 'all' }).xml)
    expect(result.ok && result.file.parts[0]!.units).toEqual([
      { key: 'a', target: 'a', base: '2026-11-01T10:00:00.000Z', done: true },
      { key: 'b', target: 'b', base: null, done: true },
      { key: 'c', target: 'c', done: true },
    ])
  })

  it('"untranslated only" writes the units without a target, and they import as nothing', () => {
    const units: XliffUnit[] = [
      { key: 'done', source: 'Fertig', target: 'Done' },
      { key: 'open', source: 'Offen', target: null },
      { key: 'open2', source: 'Auch offen', target: null },
    ]
    const { xml, count } = buildXliff({ src: 'master', dst: 'en', parts: [{ original: 'vartext', units }], mode: 'untranslated' })
    expect(count).toBe(2)
    expect(xml).not.toContain('Fertig')
    expect(xml).not.toContain('<target>')
    expect(xml).toContain('<segment state="initial">')
    expect(read(xml)).toEqual({ ok: true, file: { src: 'master', dst: 'en', parts: [], empty: 2 } })
    // Nothing left to write: no <file> (XLIFF wants at least one unit in each).
    const none = buildXliff({ src: 'master', dst: 'en', parts: [{ original: 'vartext', units: units.slice(0, 1) }], mode: 'untranslated' })
    expect(none.count).toBe(0)
    expect(none.xml).not.toContain('<file')
  })

  it("a catalogue file has its labels and its articles' texts as two files of one document", () => {
    const catalogue = { src: 'master', dst: 'fr', originals: ['catalogue:12', 'catalogue:12:articles'] }
    const { xml } = buildXliff({
      src: 'master',
      dst: 'fr',
      mode: 'all',
      parts: [
        { original: 'catalogue:12', units: [{ key: 'same', source: 'Schublade', target: 'Tiroir' }] },
        { original: 'catalogue:12:articles', units: [{ key: 'same', source: 'Schublade', target: 'Tiroir (article)' }] },
      ],
    })
    const result = read(xml, catalogue)
    expect(result.ok && result.file.parts).toEqual([
      { original: 'catalogue:12', file: 'f1', units: [{ key: 'same', target: 'Tiroir', done: true }] },
      { original: 'catalogue:12:articles', file: 'f2', units: [{ key: 'same', target: 'Tiroir (article)', done: true }] },
    ])
  })
})

// As Trados Studio and memoQ write XLIFF 2.0 back: regional language codes, an XML declaration and
// CR LF, their own namespaces and metadata, notes, states, a unit split into segments with an
// ignorable between them, annotations (<mrk>) around text, CDATA, and units left empty.
const TOOL_FILE = [
  '\uFEFF<?xml version="1.0" encoding="utf-8"?>',
  '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" xmlns:mda="urn:oasis:names:tc:xliff:metadata:2.0"',
  '       xmlns:sdl="http://sdl.com/FileTypes/SdlXliff/1.0" xmlns:portal="urn:x-portal:translation" version="2.0" srcLang="de-DE" trgLang="en-US">',
  '  <file id="f1" original="vartext" xml:space="preserve">',
  '    <sdl:filetype-info sdl:id="XLIFF 2.0"><sdl:value>anything</sdl:value></sdl:filetype-info>',
  `    <unit id="${unitId('VT-1')}" name="VT-1" portal:base="2026-10-01T08:00:00.000Z" sdl:locked="false">`,
  '      <mda:metadata><mda:metaGroup category="tool"><mda:meta type="origin">TM 100%</mda:meta></mda:metaGroup></mda:metadata>',
  '      <notes><note category="description">Drawer front</note><note category="comment">checked by reviewer</note></notes>',
  '      <segment id="s1" state="final" subState="sdl:confirmed">',
  '        <source>Schubladenfront <b>matt</b></source>',
  '        <target>Drawer front &lt;b&gt;<mrk id="m1" type="term" value="matt">matte</mrk>&lt;/b&gt;</target>',
  '      </segment>',
  '    </unit>',
  '    <group id="g1" name="messages">',
  `      <unit id="${unitId('VT-2')}">`,
  '        <segment id="s2" state="translated"><source>Erster Satz.</source><target>First sentence.</target></segment>',
  '        <ignorable><source> </source></ignorable>',
  '        <segment id="s3" state="reviewed"><source>Zweiter Satz.</source><target><![CDATA[Second <i>sentence</i>.]]></target></segment>',
  '      </unit>',
  '    </group>',
  `    <unit id="${unitId('VT-3')}"><segment state="initial"><source>Offen</source><target></target></segment></unit>`,
  `    <unit id="${unitId('VT-4')}"><segment state="initial"><source>Offen</source></segment></unit>`,
  '  </file>',
  '</xliff>',
  '',
].join('\r\n')

describe('a file as translation tools write it', () => {
  it('imports: targets joined over segments, annotations kept as their text, empty units counted', () => {
    const result = read(TOOL_FILE)
    expect(result).toEqual({
      ok: true,
      file: {
        src: 'master',
        dst: 'en',
        empty: 2,
        parts: [
          {
            original: 'vartext',
            file: 'f1',
            units: [
              { key: 'VT-1', target: 'Drawer front <b>matte</b>', base: '2026-10-01T08:00:00.000Z', done: true },
              { key: 'VT-2', target: 'First sentence. Second <i>sentence</i>.', done: true },
            ],
          },
        ],
        // A tool's note is a comment (the portal's own description is not); a unit all `final` is an approval (docs/decisions/049).
        reviews: [
          {
            original: 'vartext',
            file: 'f1',
            key: 'VT-1',
            target: 'Drawer front <b>matte</b>',
            base: '2026-10-01T08:00:00.000Z',
            notes: ['checked by reviewer'],
            approved: true,
          },
        ],
      },
    })
  })

  it("a hand-made unit id that is not the portal's is taken as the key (or its name)", () => {
    const xml = TOOL_FILE.replace(unitId('VT-1'), 'greeting').replace(`id="${unitId('VT-2')}"`, 'id="u2" name="VT-2"')
    const result = read(xml)
    expect(result.ok && result.file.parts[0]!.units.map((unit) => unit.key)).toEqual(['VT-1', 'VT-2'])
  })
})

const doc = (units: string, { languages = 'srcLang="de" trgLang="en"', original = 'vartext' } = {}) =>
  `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" ${languages}><file id="f1" original="${original}">\n${units}\n</file></xliff>`
const unit = (key: string, target: string, extra = '') =>
  `<unit id="${unitId(key)}"${extra}><segment><source>s</source><target>${target}</target></segment></unit>`

describe('refusals, each named in both languages', () => {
  const cases: Array<[string, XliffProblem, string, string]> = [
    ['too_big', { kind: 'too_big' }, 'The file is larger than 50 MB.', 'Die Datei ist größer als 50 MB.'],
    [
      'not_xml',
      // A tag closed that was never opened (markup must be escaped in a text).
      problemOf(doc(unit('a', 'bold</b>'))),
      'The file is damaged: it is not well-formed XML (line 2, column 58). Save it again in the translation tool.',
      'Die Datei ist beschädigt: Sie ist kein wohlgeformtes XML (Zeile 2, Spalte 58). Speichern Sie sie im Übersetzungsprogramm erneut.',
    ],
    [
      'not_xliff',
      problemOf('<html><body/></html>'),
      'The file is not an XLIFF file. Choose the .xlf file the translation tool saved.',
      'Die Datei ist keine XLIFF-Datei. Wählen Sie die .xlf-Datei, die das Übersetzungsprogramm gespeichert hat.',
    ],
    [
      'wrong_version',
      problemOf('<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"><file original="vartext"/></xliff>'),
      'The file is XLIFF 1.2; the portal imports XLIFF 2.0. Save it as XLIFF 2.0 in the translation tool.',
      'Die Datei ist XLIFF 1.2; das Portal importiert XLIFF 2.0. Speichern Sie sie im Übersetzungsprogramm als XLIFF 2.0.',
    ],
    [
      'wrong_languages',
      problemOf(doc(unit('a', 'x'), { languages: 'srcLang="de" trgLang="fr"' })),
      'The file translates de → fr, this screen translates de → en. Import it on the screen of its languages.',
      'Die Datei übersetzt de → fr, diese Ansicht übersetzt de → en. Importieren Sie sie in der Ansicht ihrer Sprachen.',
    ],
    [
      'wrong_scope',
      problemOf(doc(unit('a', 'x'), { original: 'system' })),
      'The file holds the system messages, this screen shows the article texts (vartext). Import it on the screen it was exported from.',
      'Die Datei enthält die Systemmeldungen, diese Ansicht zeigt die Artikeltexte (Vartext). Importieren Sie sie in der Ansicht, aus der sie exportiert wurde.',
    ],
    [
      'wrong_scope',
      problemOf(doc(unit('a', 'x'), { original: 'catalogue:7:articles' }), { src: 'master', dst: 'en', originals: ['catalogue:12', 'catalogue:12:articles'] }),
      'The file holds the article texts of catalogue 7, this screen shows the labels of catalogue 12. Import it on the screen it was exported from.',
      'Die Datei enthält die Artikeltexte von Katalog 7, diese Ansicht zeigt die Beschriftungen von Katalog 12. Importieren Sie sie in der Ansicht, aus der sie exportiert wurde.',
    ],
    [
      'wrong_scope',
      problemOf(doc(unit('a', 'x'), { original: 'messages.json' })),
      'The file holds “messages.json”, this screen shows the article texts (vartext). Import it on the screen it was exported from.',
      'Die Datei enthält „messages.json“, diese Ansicht zeigt die Artikeltexte (Vartext). Importieren Sie sie in der Ansicht, aus der sie exportiert wurde.',
    ],
    [
      'no_id',
      problemOf(doc(`${unit('a', 'x')}\n<unit><segment><source>s</source><target>t</target></segment></unit>`)),
      'The text on line 3 has no unit id, so the portal cannot tell which text it is.',
      'Der Text in Zeile 3 hat keine Einheiten-ID, daher kann das Portal ihn keinem Text zuordnen.',
    ],
    [
      'duplicate',
      problemOf(doc(`${unit('a', 'x')}\n${unit('b', 'y')}\n${unit('a', 'z')}`)),
      'The text “a” is in the file twice (lines 2 and 4). Keep one of them.',
      'Der Text „a“ steht zweimal in der Datei (Zeilen 2 und 4). Behalten Sie einen davon.',
    ],
    [
      'too_long',
      problemOf(doc(unit('long', 'x'.repeat(10_001)))),
      'The text “long” on line 2 is longer than the portal allows (a translation has at most 10,000 characters).',
      'Der Text „long“ in Zeile 2 ist länger, als das Portal erlaubt (eine Übersetzung hat höchstens 10.000 Zeichen).',
    ],
    [
      'inline_code',
      problemOf(doc(unit('code', 'Press <ph id="1" disp="{0}"/> now'))),
      'The translation of “code” on line 2 holds a tag <ph> that the translation tool added. The portal keeps tags as plain text: type the tag as text, or remove it, and import again.',
      'Die Übersetzung von „code“ in Zeile 2 enthält ein Tag <ph>, das das Übersetzungsprogramm eingefügt hat. Das Portal behält Tags als Text: Schreiben Sie das Tag als Text oder entfernen Sie es und importieren Sie erneut.',
    ],
  ]
  for (const [kind, problem, english, german] of cases) {
    it(`${kind}: ${english}`, () => {
      expect(problem.kind).toBe(kind)
      expect(xliffProblemText(problem, 'en')).toBe(english)
      expect(xliffProblemText(problem, 'de')).toBe(german)
    })
  }

  it('a file too large is refused before it is read', () => {
    expect(readXliff('', XLIFF_FILE_MAX_BYTES + 1, VARTEXT)).toEqual({ ok: false, problem: { kind: 'too_big' } })
  })

  it('no XML at all, a DTD, an entity of its own or a nesting far too deep: refused', () => {
    expect(problemOf('').kind).toBe('not_xml')
    expect(problemOf('<xliff><file>').kind).toBe('not_xliff')
    expect(problemOf('<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="de" trgLang="en"/>').kind).toBe('not_xliff')
    expect(problemOf('{"format": 1}').kind).toBe('not_xml')
    expect(problemOf('<!DOCTYPE x [<!ENTITY a "aaaa">]><xliff/>').kind).toBe('not_xml')
    expect(problemOf(doc(unit('a', '&a;'))).kind).toBe('not_xml')
    expect(problemOf(`<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0">${'<group>'.repeat(40)}`).kind).toBe('not_xliff')
    expect(problemOf('<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="de" trgLang="en"/>').kind).toBe('wrong_version')
  })

  it('languages: master is German, a regional code fits its language, another region does not fit a regional screen', () => {
    expect(read(doc(unit('a', 'x'), { languages: 'srcLang="DE-de" trgLang="en-GB"' })).ok).toBe(true)
    expect(problemOf(doc(unit('a', 'x'), { languages: 'srcLang="de" trgLang="pt-PT"' }), { src: 'master', dst: 'pt-BR', originals: ['vartext'] }).kind).toBe(
      'wrong_languages',
    )
    expect(problemOf(doc(unit('a', 'x'), { languages: 'srcLang="de"' })).kind).toBe('wrong_languages')
  })
})

describe("xliffEdits: a file's translations as unsaved edits", () => {
  const pending = (key: string, value: string, base: string | null) => pendingRow(key, value, { dst: 'en', base, state: 'conflict' })
  const local: LocalPart[] = [
    {
      original: 'vartext',
      scope: 'vartext',
      texts: new Map([
        ['new', { source: 'Neu <b>{0}</b>', target: null, stamp: null, note: null }],
        ['same', { source: 'Gleich', target: 'Same', stamp: 's1', note: null }],
        ['changed', { source: 'Anders', target: 'Other', stamp: 's2', note: null }],
        ['edited', { source: 'Bearbeitet', target: 'Old', stamp: 's3', note: null, pending: pending('edited', 'Mine', 's0') }],
        ['again', { source: 'Nochmal', target: 'Old', stamp: 's4', note: null, pending: pending('again', 'Mine', 's0') }],
        ['unit', { source: 'Einheit', target: null, stamp: null, note: null, unit: { articleId: 7, tid: 't1' } }],
      ]),
    },
  ]
  const file = {
    src: 'master',
    dst: 'en',
    empty: 4,
    parts: [
      {
        original: 'vartext',
        file: 'f1',
        units: [
          { key: 'new', target: 'New {0}', done: false },
          { key: 'same', target: 'Same', done: true },
          { key: 'changed', target: 'Changed', base: 's1', done: true },
          { key: 'edited', target: 'Theirs', done: true },
          { key: 'again', target: 'Mine', done: true },
          { key: 'unit', target: 'Unit', base: null, done: false },
          { key: 'gone', target: 'Nowhere', done: true },
        ],
      },
    ],
  }

  it('takes new texts with their source and base; counts unknown keys and texts already there', () => {
    const { edits, counts } = xliffEdits(file, local, 5)
    expect(counts).toEqual({ imported: 4, unchanged: 2, unknown: 1, empty: 4 })
    expect(edits).toEqual([
      { scope: 'vartext', dst: 'en', key: 'new', value: 'New {0}', base: null, source: 'Neu <b>{0}</b>', edited_at: 5 },
      // The stamp the file was exported with wins over the device's newer one: a save then finds the conflict.
      { scope: 'vartext', dst: 'en', key: 'changed', value: 'Changed', base: 's1', source: 'Anders', edited_at: 5 },
      // An edit on the device keeps the version it started from.
      { scope: 'vartext', dst: 'en', key: 'edited', value: 'Theirs', base: 's0', source: 'Bearbeitet', edited_at: 5 },
      { scope: 'vartext', dst: 'en', key: 'unit', value: 'Unit', base: null, source: 'Einheit', unit: { articleId: 7, tid: 't1' }, edited_at: 5 },
    ])
  })

  it('a file of another part is all unknown', () => {
    expect(xliffEdits({ ...file, parts: [{ ...file.parts[0]!, original: 'system' }] }, local, 5).counts).toMatchObject({ imported: 0, unknown: 7 })
  })
})
