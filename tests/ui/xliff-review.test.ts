import { describe, expect, it } from 'vitest'
import { js2xliff, xliff2js } from 'xliff'
import { z } from 'zod'
import { noteClientId, xliffReviews, xliffUnits, type LocalPart, type LocalText } from '../../app/features/translation/xliff-edits'
import { readXliff, unitId, type XliffRead } from '../../app/features/translation/xliff-file'
import { buildXliff } from '../../app/features/translation/xliff-write'
import { pendingRow } from './pending-row'

// Review states and comments in XLIFF 2.0 (docs/decisions/049): approved goes out `reviewed`,
// sent back as needing work (`initial` with the portal's subState), comments as notes the import
// knows as the portal's own; a tool's notes come back as comments, once however often the file is
// imported, and `reviewed`/`final` as an approval, for a reviewer and of the server's translation only.

const FR = { src: 'master', dst: 'fr', originals: ['vartext'] }
const readOk = (xml: string): XliffRead => {
  const result = readXliff(xml, new TextEncoder().encode(xml).length, FR)
  if (!result.ok) throw new Error(`refused: ${result.problem.kind}`)
  return result.file
}
const texts = new Map<string, LocalText>([
  ['open', { source: 'Offen', target: null, stamp: null, note: null }],
  ['plain', { source: 'Einfach', target: 'Simple', stamp: 's1', note: null, comments: 1 }],
  ['ok', { source: 'Gut', target: 'Bien', stamp: 's2', note: null, review: 'approved' }],
  ['back', { source: 'Zurück', target: 'Retuor', stamp: 's3', note: null, review: 'needs_editing' }],
  ['edited', { source: 'Tür', target: 'Porte', stamp: 's4', note: null, review: 'approved', pending: pendingRow('edited', 'Porte!', { base: 's4' }) }],
])
const local: LocalPart = { original: 'vartext', scope: 'vartext', texts }
const comments = new Map([
  ['vartext\u0000plain', [{ id: 7, by: 'Rita Reviewer (reviewer@demo.example)', at: '2026-11-27T10:00:00.000Z', text: 'Too formal?' }]],
])
const exported = (mode: 'all' | 'untranslated') =>
  buildXliff({ src: 'master', dst: 'fr', mode, parts: [{ original: 'vartext', units: xliffUnits(local, new Map(), comments) }] }).xml
const segmentOf = (xml: string, key: string) => new RegExp(`<unit id="${unitId(key)}"[\\s\\S]*?<segment ([^>]*)>`).exec(xml)?.[1]

describe('export', () => {
  it('writes approved as reviewed, sent back as needing work, translated and untranslated as before; an edit on the device as translated', () => {
    const xml = exported('all')
    expect(segmentOf(xml, 'ok')).toBe('state="reviewed"')
    expect(segmentOf(xml, 'back')).toBe('state="initial" subState="portal:needs-editing"')
    expect(segmentOf(xml, 'plain')).toBe('state="translated"')
    expect(segmentOf(xml, 'open')).toBe('state="initial"')
    expect(segmentOf(xml, 'edited')).toBe('state="translated"')
  })

  it('"untranslated and outdated" takes the texts sent back too', () => {
    const xml = exported('untranslated')
    expect(xml).toContain(unitId('back'))
    expect(xml).toContain(unitId('open'))
    expect(xml).not.toContain(unitId('ok'))
  })

  it('writes comments as the portal’s notes, which the import does not take as new ones, also when a writer drops their category', async () => {
    const xml = exported('all')
    expect(xml).toContain('<note category="portal-comment" id="c7">#7 Rita Reviewer (reviewer@demo.example) (2026-11-27T10:00:00.000Z): Too formal?</note>')
    expect(readOk(xml).reviews ?? []).toEqual([{ original: 'vartext', file: 'f1', key: 'ok', target: 'Bien', base: 's2', notes: [], approved: true }])
    // The npm xliff library keeps a note's text only.
    const js = z.looseObject({ resources: z.record(z.string(), z.record(z.string(), z.looseObject({}))) }).parse(await xliff2js(xml))
    const rewritten = await js2xliff(js)
    expect(rewritten).toContain('<note>#7 Rita Reviewer')
    expect((readOk(rewritten).reviews ?? []).flatMap((review) => review.notes)).toEqual([])
  })
})

const TOOL_FILE = (note: string, state = 'final', target = 'Simple') =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="de" trgLang="fr">',
    '  <file id="f1" original="vartext">',
    `    <unit id="${unitId('plain')}"><notes><note category="description">Simple</note><note>${note}</note><note priority="1"> </note></notes>`,
    `      <segment state="${state}"><source>Einfach</source><target>${target}</target></segment></unit>`,
    `    <unit id="${unitId('open')}"><notes><note>Who translates this?</note></notes><segment><source>Offen</source></segment></unit>`,
    `    <unit id="${unitId('ok')}"><segment state="reviewed"><source>Gut</source><target>Bien</target></segment></unit>`,
    `    <unit id="${unitId('gone')}"><notes><note>Nobody knows me</note></notes><segment state="final"><source>Weg</source><target>Parti</target></segment></unit>`,
    '  </file>',
    '</xliff>',
  ].join('\n')

describe('import', () => {
  it('a tool’s notes become comments (an untranslated unit’s too), a final unit an approval of the server’s translation, for a reviewer', () => {
    const reviews = xliffReviews(readOk(TOOL_FILE('Check the tone')), [local], true)
    expect(reviews.comments.map((comment) => [comment.key, comment.text])).toEqual([
      ['plain', 'Check the tone'],
      ['open', 'Who translates this?'],
    ])
    // "ok" is approved already; "gone" is not on the device.
    expect(reviews.approvals).toEqual([{ kind: 'vartext', key: 'plain', base: 's1' }])
    expect(reviews.notApproved).toBe(0)
  })

  it('the same note gets the same client id on every import, so the server stores it once; another note another', () => {
    const once = xliffReviews(readOk(TOOL_FILE('Check the tone')), [local], true).comments[0]!.clientId
    const again = xliffReviews(readOk(TOOL_FILE('Check the tone')), [local], true).comments[0]!.clientId
    expect(again).toBe(once)
    expect(xliffReviews(readOk(TOOL_FILE('Check the tone!')), [local], true).comments[0]!.clientId).not.toBe(once)
    expect(once).toMatch(/^[A-Za-z0-9_-]{8,64}$/)
    expect(noteClientId('vartext', 'plain', 1, 'Check the tone')).not.toBe(noteClientId('vartext', 'plain', 0, 'Check the tone'))
  })

  it('not a reviewer, or a translation other than the server’s: the approval is counted as not applied', () => {
    expect(xliffReviews(readOk(TOOL_FILE('x')), [local], false)).toMatchObject({ approvals: [], notApproved: 1 })
    expect(xliffReviews(readOk(TOOL_FILE('x', 'final', 'Simple!')), [local], true)).toMatchObject({ approvals: [], notApproved: 1 })
    expect(xliffReviews(readOk(TOOL_FILE('x', 'translated')), [local], true)).toMatchObject({ approvals: [], notApproved: 0 })
  })

  it('a catalogue’s labels and an article’s texts are reviewed in the area catalog, as on their screens', () => {
    const xml = TOOL_FILE('Plutôt « inox »').replace('original="vartext"', 'original="catalog"')
    const read = readXliff(xml, new TextEncoder().encode(xml).length, { src: 'master', dst: 'fr', originals: ['catalog'] })
    if (!read.ok) throw new Error(`refused: ${read.problem.kind}`)
    const reviews = xliffReviews(read.file, [{ original: 'catalog', scope: 'catalogue', texts }], true)
    expect(reviews.approvals).toEqual([{ kind: 'catalog', key: 'plain', base: 's1' }])
    expect(reviews.comments.map((comment) => [comment.kind, comment.key])).toEqual([
      ['catalog', 'plain'],
      ['catalog', 'open'],
    ])
  })
})
