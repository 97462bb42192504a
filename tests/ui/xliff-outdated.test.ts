import { describe, expect, it } from 'vitest'
import { js2xliff, xliff2js } from 'xliff'
import { z } from 'zod'
import { readXliff, unitId, type XliffRead } from '../../app/features/translation/xliff-file'
import { buildXliff } from '../../app/features/translation/xliff-write'
import { previousSourceKey, xliffEdits, xliffUnits, type LocalPart, type LocalText } from '../../app/features/translation/xliff-edits'
import { pendingRow } from './pending-row'

// Files CAT tools keep (docs/decisions/039): an outdated text goes out as needing work in XLIFF
// 2.0's own terms, with the source it was translated from, and comes back as an edit of an
// outdated text; the portal's own base stamp travels in the metadata module (files with the older
// portal:base attribute still import); a file an outside library rewrote imports its targets.

const FR = { src: 'master', dst: 'fr', originals: ['vartext'] }
const read = (xml: string, expect = FR) => readXliff(xml, new TextEncoder().encode(xml).length, expect)
const readOk = (xml: string, expect = FR): XliffRead => {
  const result = read(xml, expect)
  if (!result.ok) throw new Error(`refused: ${result.problem.kind}`)
  return result.file
}
const texts = new Map<string, LocalText>([
  ['open', { source: 'Offen', target: null, stamp: null, note: 'Tür' }],
  ['current', { source: 'Aktuell', target: 'Actuel', stamp: 's1', note: null }],
  ['old', { source: 'Sockel 120 mm', target: 'Socle 100 mm', stamp: 's2', note: null, outdated: { revision: 1 } }],
  ['old2', { source: 'Griff rund', target: 'Poignée', stamp: 's4', note: null, outdated: { revision: 2 } }],
  // An edit makes an outdated text current when it is saved: it goes out as the translator's text.
  [
    'edited',
    { source: 'Tür links', target: 'Porte', stamp: 's3', note: null, outdated: { revision: 3 }, pending: pendingRow('edited', 'Porte gauche', { base: 's3' }) },
  ],
])
const local: LocalPart = { original: 'vartext', scope: 'vartext', texts }
const previous = new Map([[previousSourceKey('vartext', 'old'), 'Sockel 100 mm']])
const units = xliffUnits(local, previous)
const label = (source: string) => `Outdated. The source then: ${source}`
const exported = (mode: 'untranslated' | 'all') =>
  buildXliff({ src: 'master', dst: 'fr', mode, parts: [{ original: 'vartext', units }], previousSourceNote: label })
/** The XML of the unit of `key`. */
const unitXml = (xml: string, key: string) => /<unit [^]*?<\/unit>/g.exec(xml.slice(xml.indexOf(`<unit id="${unitId(key)}"`)))?.[0] ?? ''

describe('export: outdated texts need work', () => {
  it('a text outdated on the server and not edited is outdated, with the source it was made from when known', () => {
    expect(units.map((unit) => [unit.key, unit.outdated ?? false, unit.previousSource])).toEqual([
      ['open', false, undefined],
      ['current', false, undefined],
      ['old', true, 'Sockel 100 mm'],
      ['old2', true, null],
      ['edited', false, undefined],
    ])
  })

  it('"untranslated and outdated" holds the untranslated and the outdated texts', () => {
    const { xml, count } = exported('untranslated')
    expect(count).toBe(3)
    expect(['open', 'current', 'old', 'old2', 'edited'].map((key) => xml.includes(`name="${key}"`))).toEqual([true, false, true, true, false])
  })

  for (const mode of ['untranslated', 'all'] as const) {
    it(`${mode}: an outdated text is XLIFF's "initial" with its translation in the target, never plainly "translated"`, () => {
      const { xml } = exported(mode)
      expect(unitXml(xml, 'old')).toContain('<segment state="initial" subState="portal:outdated">')
      expect(unitXml(xml, 'old')).toContain('<target>Socle 100 mm</target>')
      expect(unitXml(xml, 'old2')).toContain('<segment state="initial" subState="portal:outdated">')
      expect(unitXml(xml, 'open')).toContain('<segment state="initial">')
      expect(unitXml(xml, 'open')).not.toContain('<target>')
    })
  }

  it('"all": current texts and edits are "translated"', () => {
    const { xml, count } = exported('all')
    expect(count).toBe(5)
    expect(unitXml(xml, 'current')).toContain('<segment state="translated">')
    expect(unitXml(xml, 'edited')).toContain('<segment state="translated">')
    expect(unitXml(xml, 'edited')).toContain('<target>Porte gauche</target>')
  })

  it('the previous source: a note the translator reads, and the exact text in the metadata module', () => {
    const old = unitXml(exported('all').xml, 'old')
    expect(old).toContain('<note category="previous-source" appliesTo="source">Outdated. The source then: Sockel 100 mm</note>')
    expect(old).toContain('<mda:meta type="previous-source">Sockel 100 mm</mda:meta>')
    // Not known (offline, or the history does not reach back): still needing work, without it.
    expect(unitXml(exported('all').xml, 'old2')).not.toContain('previous-source')
  })

  it("the portal's own base stamp is in the metadata module, not in an attribute of a private namespace", () => {
    const { xml } = exported('all')
    expect(xml).toContain('<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" xmlns:mda="urn:oasis:names:tc:xliff:metadata:2.0" version="2.0"')
    expect(xml).not.toMatch(/portal:base|urn:x-portal/)
    expect(unitXml(xml, 'current')).toContain(
      '<mda:metadata><mda:metaGroup category="portal"><mda:meta type="base">s1</mda:meta></mda:metaGroup></mda:metadata>',
    )
    // Filled in the tool and read back: each base as exported, the untranslated one's empty (none).
    const filled = xml.replace('<source>Offen</source>', '<source>Offen</source><target>Ouvert</target>')
    expect(readOk(filled).parts[0]!.units.map((unit) => [unit.key, unit.base])).toEqual([
      ['open', null],
      ['current', 's1'],
      ['old', 's2'],
      ['old2', 's4'],
      ['edited', 's3'],
    ])
  })
})

const legacyUnit = (base: string) =>
  `<unit id="${unitId('current')}" name="current" ${base}><segment state="translated"><source>Aktuell</source><target>Neu</target></segment></unit>`
const legacyFile = (declared: boolean, base = 'portal:base="s0"') =>
  `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0"${declared ? ' xmlns:portal="urn:x-portal:translation"' : ''} version="2.0" srcLang="de" trgLang="fr"><file id="f1" original="vartext">${legacyUnit(base)}</file></xliff>`

describe('import: what is in flight and what outside tools write', () => {
  it('reads the base of files exported before the metadata module (portal:base), its namespace declared or dropped by a writer', () => {
    expect(readOk(legacyFile(true)).parts[0]!.units).toEqual([{ key: 'current', target: 'Neu', base: 's0', done: true }])
    expect(readOk(legacyFile(false)).parts[0]!.units).toEqual([{ key: 'current', target: 'Neu', base: 's0', done: true }])
    // Another tool's unbound prefix is foreign, not the base.
    expect(readOk(legacyFile(false, 'tool:base="x"')).parts[0]!.units).toEqual([{ key: 'current', target: 'Neu', done: true }])
  })

  it("takes the base only from the portal's own group of the metadata module", () => {
    const xml = exported('all').xml.replace(
      '<mda:metaGroup category="portal"><mda:meta type="base">s1',
      '<mda:metaGroup category="tool"><mda:meta type="base">x',
    )
    const current = readOk(xml.replace('<target>Actuel</target>', '<target>Actuel!</target>')).parts[0]!.units.find((unit) => unit.key === 'current')
    expect(current).toEqual({ key: 'current', target: 'Actuel!', done: true })
  })

  it('a file without `original` is no longer refused: its units are matched by their ids', () => {
    const xml = exported('all').xml.replace(' original="vartext"', '')
    const file = readOk(xml)
    expect(file.parts.map((part) => [part.original, part.file, part.units.length])).toEqual([[null, 'f1', 4]])
    const { counts } = xliffEdits(file, [local], 1)
    expect(counts).toEqual({ imported: 0, unchanged: 4, unknown: 0, empty: 1 })
  })

  it("a catalogue's two files without `original`: a key in both goes by the portal's file id, else to the part that has it", () => {
    const part = (original: string, scope: 'catalogue' | 'article_unit', keys: string[]): LocalPart => ({
      original,
      scope,
      texts: new Map(keys.map((key) => [key, { source: key, target: null, stamp: null, note: null }])),
    })
    const parts = [part('catalogue:12', 'catalogue', ['same', 'label']), part('catalogue:12:articles', 'article_unit', ['same', 'text'])]
    const unit = (key: string) => `<unit id="${unitId(key)}"><segment><source>s</source><target>${key}!</target></segment></unit>`
    const xml = (ids: [string, string]) =>
      `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="de" trgLang="fr"><file id="${ids[0]}">${unit('same')}${unit('label')}</file><file id="${ids[1]}">${unit('same')}${unit('text')}</file></xliff>`
    const expect12 = { src: 'master', dst: 'fr', originals: ['catalogue:12', 'catalogue:12:articles'] }
    const scopes = (ids: [string, string]) => xliffEdits(readOk(xml(ids), expect12), parts, 1).edits.map((edit) => `${edit.scope} ${edit.key}`)
    expect(scopes(['f1', 'f2'])).toEqual(['catalogue same', 'catalogue label', 'article_unit same', 'article_unit text'])
    expect(scopes(['a', 'b'])).toEqual(['catalogue same', 'catalogue label', 'catalogue same', 'article_unit text'])
  })

  it('an outdated text comes back as an edit: changed, or confirmed in the tool unchanged; left "initial" and unchanged it stays outdated', () => {
    const xml = exported('untranslated')
      .xml.replace('<target>Socle 100 mm</target>', '<target>Socle 120 mm</target>')
      .replace(/(<unit id="[^"]+" name="old2">[^]*?)<segment state="initial" subState="portal:outdated">/, '$1<segment state="translated">')
    const { edits, counts } = xliffEdits(readOk(xml), [local], 7)
    expect(counts).toEqual({ imported: 2, unchanged: 0, unknown: 0, empty: 1 })
    expect(edits).toEqual([
      { scope: 'vartext', dst: 'fr', key: 'old', value: 'Socle 120 mm', base: 's2', source: 'Sockel 120 mm', edited_at: 7 },
      { scope: 'vartext', dst: 'fr', key: 'old2', value: 'Poignée', base: 's4', source: 'Griff rund', confirm: true, edited_at: 7 },
    ])
    // The file as it went out: nothing the translator did, nothing imported.
    expect(xliffEdits(readOk(exported('untranslated').xml), [local], 7).counts).toEqual({ imported: 0, unchanged: 2, unknown: 0, empty: 1 })
  })
})

/** The npm xliff library's JavaScript form, as far as the test touches it. */
const xliffJs = z.looseObject({ resources: z.record(z.string(), z.record(z.string(), z.looseObject({ source: z.unknown(), target: z.unknown().optional() }))) })

describe('a file read and written back by the npm xliff library (xliff2js → a filled target → js2xliff)', () => {
  async function throughLibrary(xml: string, fill: Record<string, string>): Promise<string> {
    const js = xliffJs.parse(await xliff2js(xml))
    for (const file of Object.values(js.resources)) {
      for (const [key, target] of Object.entries(fill)) {
        const unit = file[unitId(key)]
        if (unit) unit.target = target
      }
    }
    return js2xliff(js)
  }

  it('imports the filled targets, though the library drops `original`, the metadata and the states', async () => {
    const written = await throughLibrary(exported('untranslated').xml, { open: 'Ouvert & <b>gras</b>', old: 'Socle 120 mm' })
    expect(written).not.toContain('original=')
    expect(written).not.toContain('mda:')
    const file = readOk(written)
    const { edits, counts } = xliffEdits(file, [local], 3)
    expect(counts).toEqual({ imported: 2, unchanged: 1, unknown: 0, empty: 0 })
    expect(edits.map((edit) => [edit.key, edit.value, edit.base])).toEqual([
      ['open', 'Ouvert & <b>gras</b>', null],
      ['old', 'Socle 120 mm', 's2'],
    ])
  })

  it('a file exported before the metadata module: the base survives in the undeclared portal:base', async () => {
    const written = await throughLibrary(legacyFile(true), { current: 'Neuer' })
    expect(written).toContain('portal:base="s0"')
    expect(written).not.toContain('xmlns:portal')
    expect(readOk(written).parts[0]!.units).toEqual([{ key: 'current', target: 'Neuer', base: 's0', done: false }])
  })
})
