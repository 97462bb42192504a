import { SaxesParser, type SaxesTagNS } from 'saxes'
import type { XliffProblem } from './xliff-file'

// The saxes walk over an XLIFF 2.0 document (xliff-file.ts checks what it finds): the root's
// attributes, each <file>'s id and original, each unit's id, name, base and segments with their
// state. Besides the XLIFF core only the portal's own group of the metadata module is read
// (docs/decisions/039), and a unit's notes (its comments, docs/decisions/049); skeletons and other
// namespaces' elements are passed over.

export const XLIFF_NS = 'urn:oasis:names:tc:xliff:document:2.0'
/** XLIFF 2.0's metadata module: the portal keeps what is its own there (a text's base stamp). */
export const MDA_NS = 'urn:oasis:names:tc:xliff:metadata:2.0'
/** The category of the portal's <mda:metaGroup>. */
export const PORTAL_META = 'portal'
/** Files exported before the metadata module carried the base as the attribute `portal:base` of this namespace. */
export const LEGACY_PORTAL_NS = 'urn:x-portal:translation'
/** Groups inside groups deeper than this: refused at once. */
const MAX_DEPTH = 32

/** `state`: the segment's state attribute as written (null: not written, which XLIFF reads as 'initial'). */
export type Segment = { kind: string; source: string; target: string | null; state: string | null; subState?: string | null }
/** A unit's <note>: its category (null: none) and text. */
export type RawNote = { category: string | null; text: string }
/** A <file>: its id, and what it holds (null: the file does not say). */
export type RawFile = { id: string; original: string | null }
export type RawUnit = {
  id: string
  name: string | null
  base: string | undefined
  line: number
  file: RawFile
  segments: Segment[]
  inline: string | null
  notes?: RawNote[]
}
export type RawDocument = { version: string; srcLang: string; trgLang: string; files: RawFile[]; units: RawUnit[] }

export class Refused extends Error {
  constructor(readonly problem: XliffProblem) {
    super(problem.kind)
  }
}

/** The document's root attributes, <file>s and units, as saxes reads them. */
export function parseXliffXml(text: string): RawDocument {
  const parser = new SaxesParser({ xmlns: true, position: true, defaultXMLVersion: '1.0', forceXMLVersion: true })
  const document: RawDocument = { version: '', srcLang: '', trgLang: '', files: [], units: [] }
  let depth = 0
  /** The depth of an element whose content is not read (notes, skeletons, other namespaces). */
  let skipAt: number | null = null
  let file: RawFile | null = null
  let unit: RawUnit | null = null
  let segment: Segment | null = null
  let capture: { into: 'source' | 'target'; depth: number; text: string } | null = null
  /** The depth of the portal's <mda:metaGroup>, and the text of a <mda:meta type="base"> in it. */
  let portalGroupAt: number | null = null
  let base: { depth: number; text: string } | null = null
  /** A unit's <note> being read. */
  let noteAt: { depth: number; note: RawNote } | null = null

  parser.on('doctype', () => {
    // No DTDs: their entities are the classic way to blow a parser up.
    throw new Refused({ kind: 'not_xml', line: parser.line, column: parser.column })
  })
  parser.on('error', (error) => {
    // A writer that keeps a prefix but drops its declaration (the npm `xliff` library does so with
    // extension attributes): saxes then takes the prefix as the namespace, so the element or
    // attribute is foreign and passed over, as in a well-formed file.
    if (error.message.includes('unbound namespace prefix')) return
    throw new Refused({ kind: 'not_xml', line: parser.line, column: parser.column })
  })
  parser.on('opentag', (tag: SaxesTagNS) => {
    const at = depth
    depth += 1
    if (at >= MAX_DEPTH) throw new Refused({ kind: 'not_xliff' })
    const value = (name: string) => tag.attributes[name]?.value ?? null
    if (at === 0) {
      if (tag.local !== 'xliff') throw new Refused({ kind: 'not_xliff' })
      document.version = value('version') ?? ''
      // XLIFF 1.x has another namespace: its version is what to say.
      if (tag.uri !== XLIFF_NS) throw new Refused(document.version ? { kind: 'wrong_version', version: document.version } : { kind: 'not_xliff' })
      document.srcLang = value('srcLang') ?? ''
      document.trgLang = value('trgLang') ?? ''
      return
    }
    if (skipAt !== null) return
    // A note is text: anything inside it is passed over.
    if (noteAt) {
      skipAt = at
      return
    }
    const ours = tag.uri === XLIFF_NS
    if (capture) {
      if (ours && tag.local === 'cp') capture.text += codePoint(value('hex'))
      // Annotations (mrk, sm, em) only mark their text; codes (ph, pc, sc, ec) stand for markup the portal never wrote.
      else if (!(ours && ['mrk', 'sm', 'em'].includes(tag.local)) && capture.into === 'target' && unit) unit.inline ??= tag.name
      return
    }
    if (tag.uri === MDA_NS && unit && !segment) {
      if (tag.local === 'metaGroup' && portalGroupAt === null && value('category') === PORTAL_META) portalGroupAt = at
      else if (tag.local === 'meta' && portalGroupAt !== null && value('type') === 'base') base = { depth: at, text: '' }
      else if (tag.local !== 'metadata' && tag.local !== 'metaGroup') skipAt = at
      return
    }
    if (!ours) {
      skipAt = at
      return
    }
    if (tag.local === 'file') {
      file = { id: value('id') ?? '', original: value('original') || null }
      document.files.push(file)
    } else if (tag.local === 'unit' && file !== null) {
      const legacy = Object.values(tag.attributes).find((one) => (one.uri === LEGACY_PORTAL_NS || one.uri === 'portal') && one.local === 'base')
      unit = { id: value('id') ?? '', name: value('name'), base: legacy?.value, line: parser.line, file, segments: [], inline: null }
    } else if ((tag.local === 'segment' || tag.local === 'ignorable') && unit) {
      segment = { kind: tag.local, source: '', target: null, state: value('state'), subState: value('subState') }
    } else if ((tag.local === 'source' || tag.local === 'target') && segment) {
      capture = { into: tag.local, depth: at, text: '' }
    } else if (tag.local === 'note' && unit && !segment && !noteAt) {
      noteAt = { depth: at, note: { category: value('category'), text: '' } }
    } else if (!(tag.local === 'group' || (tag.local === 'notes' && unit && !segment))) skipAt = at
  })
  const characters = (chunk: string) => {
    if (skipAt !== null) return
    if (capture) capture.text += chunk
    else if (base) base.text += chunk
    else if (noteAt) noteAt.note.text += chunk
  }
  parser.on('text', characters)
  parser.on('cdata', characters)
  parser.on('closetag', (tag: SaxesTagNS) => {
    depth -= 1
    if (skipAt !== null) {
      if (depth === skipAt) skipAt = null
      return
    }
    if (capture) {
      if (depth === capture.depth && segment) segment[capture.into] = capture.text
      if (depth === capture.depth) capture = null
      return
    }
    if (noteAt && depth === noteAt.depth) {
      if (unit) (unit.notes ??= []).push(noteAt.note)
      noteAt = null
    } else if (base && depth === base.depth) {
      if (unit) unit.base = base.text
      base = null
    } else if (depth === portalGroupAt) portalGroupAt = null
    else if (tag.uri !== XLIFF_NS) return
    else if (tag.local === 'segment' || tag.local === 'ignorable') {
      if (segment && unit) unit.segments.push(segment)
      segment = null
    } else if (tag.local === 'unit') {
      if (unit) document.units.push(unit)
      unit = null
    } else if (tag.local === 'file') file = null
  })
  parser.write(text).close()
  return document
}

/** The character of a <cp hex="…"/>; U+FFFD for a value that names none. */
function codePoint(hexValue: string | null): string {
  const code = hexValue !== null && /^[0-9A-Fa-f]{1,6}$/.test(hexValue) ? Number.parseInt(hexValue, 16) : -1
  return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD'
}
