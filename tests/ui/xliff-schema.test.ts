import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { XliffPart } from '../../app/features/translation/xliff-file'
import { buildXliff } from '../../app/features/translation/xliff-write'

// The export validates against OASIS's XLIFF 2.0 core schema (docs/decisions/039), with xmllint
// (Debian's libxml2-utils). The schema comes from Debian's php-symfony-translation, which ships
// the 2.0 OASIS Standard's xliff_core_2.0.xsd and W3C's xml.xsd it imports (scripts/test.ts
// installs both packages). The metadata module is checked against a schema written from the
// specification's prose (xliff-metadata-module.xsd): no package here ships OASIS's.

const SYMFONY_SCHEMAS = '/usr/share/php/Symfony/Component/Translation/Resources/schemas'
let folder = ''
let core = ''
let withModule = ''

beforeAll(() => {
  if (!existsSync(join(SYMFONY_SCHEMAS, 'xliff-core-2.0.xsd')) || spawnSync('xmllint', ['--version']).status !== 0) {
    throw new Error('The XLIFF schema test needs xmllint and the OASIS schema: apt-get install libxml2-utils php-symfony-translation (npm test does).')
  }
  folder = mkdtempSync(join(tmpdir(), 'xliff-schema-'))
  // The places the core schema's import and the wrapper below name.
  mkdirSync(join(folder, 'informativeCopiesOf3rdPartySchemas/w3c'), { recursive: true })
  copyFileSync(join(SYMFONY_SCHEMAS, 'xliff-core-2.0.xsd'), join(folder, 'xliff_core_2.0.xsd'))
  copyFileSync(join(SYMFONY_SCHEMAS, 'xml.xsd'), join(folder, 'informativeCopiesOf3rdPartySchemas/w3c/xml.xsd'))
  copyFileSync(join(import.meta.dirname, 'xliff-metadata-module.xsd'), join(folder, 'metadata.xsd'))
  core = join(folder, 'xliff_core_2.0.xsd')
  withModule = join(folder, 'core-and-metadata.xsd')
  writeFileSync(
    withModule,
    [
      '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">',
      '  <xs:import namespace="urn:oasis:names:tc:xliff:document:2.0" schemaLocation="xliff_core_2.0.xsd"/>',
      '  <xs:import namespace="urn:oasis:names:tc:xliff:metadata:2.0" schemaLocation="metadata.xsd"/>',
      '</xs:schema>',
    ].join('\n'),
  )
})

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true })
})

let files = 0
/** xmllint's verdict on `xml` against `schema`: '' when valid, else its messages. */
function problems(xml: string, schema: string): string {
  files += 1
  const file = join(folder, `file-${files}.xlf`)
  writeFileSync(file, xml)
  const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', schema, file], { encoding: 'utf8' })
  return run.status === 0 ? '' : run.stderr.trim() || `xmllint exited ${run.status}`
}

const PARTS: XliffPart[] = [
  {
    original: 'vartext',
    units: [
      { key: 'open', source: 'Offen <b>{0}</b> & "mehr"', target: null, note: 'Tür & Tor', base: null },
      { key: 'current', source: 'Aktuell', target: 'Actuel\r\nligne\u0001', base: '2026-11-01T10:00:00.000Z' },
      { key: 'old', source: 'Sockel 120 mm', target: 'Socle 100 mm', base: 's2', outdated: true, previousSource: 'Sockel 100 mm\u0002' },
      { key: 'old unknown', source: 'Griff', target: 'Poignée', base: 's3', outdated: true, previousSource: null },
      { key: 'from elsewhere', source: 'Quelle', target: 'Source' },
      // Review states and comments (docs/decisions/049).
      { key: 'approved', source: 'Gut', target: 'Bien', base: 's4', review: 'approved', comments: [{ id: 3, by: 'R & R', at: 'now', text: 'Fine <b>' }] },
      { key: 'back', source: 'Zurück', target: 'Retuor', base: 's5', review: 'needs_editing', comments: [{ id: 4, by: null, at: 'now', text: 'Typo' }] },
    ],
  },
  { original: 'catalogue:12:articles', units: [{ key: 'Ü 1', source: '😀', target: null, note: 'Artikel · t1', base: null }] },
]

describe('the export against the OASIS XLIFF 2.0 core schema', () => {
  for (const mode of ['untranslated', 'all'] as const) {
    it(`"${mode}" validates, against the core alone and with the metadata module`, () => {
      const { xml, count } = buildXliff({ src: 'master', dst: 'fr', mode, parts: PARTS, previousSourceNote: (source) => `Before: ${source}` })
      expect(count).toBe(mode === 'all' ? 8 : 5)
      expect(problems(xml, core)).toBe('')
      expect(problems(xml, withModule)).toBe('')
    })
  }

  it('the check is not vacuous: xmllint refuses what breaks the core or the module', () => {
    const { xml } = buildXliff({ src: 'master', dst: 'fr', mode: 'all', parts: PARTS })
    expect(problems(xml.replace('state="translated"', 'state="done"'), core)).toMatch(/attribute 'state'.*not an element of the set/)
    expect(problems(xml.replace('<segment state="translated">', '<segment state="translated" mda:base="x">'), core)).toMatch(/attribute.*base.*not allowed/)
    expect(problems(xml.replace(/<file id="f2"[^]*?<\/file>/, '<file id="f2" original="x"></file>'), core)).toMatch(/Missing child element/)
    expect(problems(xml.replace('<mda:meta type="base">', '<mda:meta>'), withModule)).toMatch(/attribute 'type' is required/)
    const moduleAfterNotes = xml.replace(/(<mda:metadata>[^]*?<\/mda:metadata>)(\s*)(<notes>[^]*?<\/notes>)/, '$3$2$1')
    expect(moduleAfterNotes).not.toBe(xml)
    expect(problems(moduleAfterNotes, core)).toMatch(/metadata': This element is not expected/)
  })

  it('a file of the earlier export (the base as portal:base) still validates: the core allows other namespaces’ attributes on a unit', () => {
    const legacy = [
      '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" xmlns:portal="urn:x-portal:translation" version="2.0" srcLang="de" trgLang="fr">',
      '<file id="f1" original="vartext"><unit id="kYQ" name="a" portal:base=""><segment state="initial"><source>A</source></segment></unit></file>',
      '</xliff>',
    ].join('\n')
    expect(problems(legacy, core)).toBe('')
  })
})
