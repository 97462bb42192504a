import { SaxesParser, type SaxesTagNS } from 'saxes'
import type { XliffProblem } from './xliff-file'

// The saxes walk over an XLIFF 2.0 document (xliff-file.ts checks what it finds): the root's
// attributes, each <file>'s original and each unit's id, name, base and segments. Only the XLIFF
// core is read; notes, skeletons and other namespaces' elements (tools' metadata) are passed over.

export const XLIFF_NS = 'urn:oasis:names:tc:xliff:document:2.0'
/** One extension attribute: the stamp of the server value a text was exported with (a save's base). */
export const PORTAL_NS = 'urn:x-portal:translation'
/** Groups inside groups deeper than this: refused at once. */
const MAX_DEPTH = 32

export type Segment = { kind: string; source: string; target: string | null }
export type RawUnit = { id: string; name: string | null; base: string | undefined; line: number; original: string; segments: Segment[]; inline: string | null }
export type RawDocument = { version: string; srcLang: string; trgLang: string; originals: string[]; units: RawUnit[] }

export class Refused extends Error {
  constructor(readonly problem: XliffProblem) {
    super(problem.kind)
  }
}

/** The document's root attributes, <file> originals and units, as saxes reads them. */
export function parseXliffXml(text: string): RawDocument {
  const parser = new SaxesParser({ xmlns: true, position: true, defaultXMLVersion: '1.0', forceXMLVersion: true })
  const document: RawDocument = { version: '', srcLang: '', trgLang: '', originals: [], units: [] }
  let depth = 0
  /** The depth of an element whose content is not read (notes, skeletons, other namespaces). */
  let skipAt: number | null = null
  let original: string | null = null
  let unit: RawUnit | null = null
  let segment: Segment | null = null
  let capture: { into: 'source' | 'target'; depth: number; text: string } | null = null

  parser.on('doctype', () => {
    // No DTDs: their entities are the classic way to blow a parser up.
    throw new Refused({ kind: 'not_xml', line: parser.line, column: parser.column })
  })
  parser.on('error', () => {
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
    const ours = tag.uri === XLIFF_NS
    if (capture) {
      if (ours && tag.local === 'cp') capture.text += codePoint(value('hex'))
      // Annotations (mrk, sm, em) only mark their text; codes (ph, pc, sc, ec) stand for markup the portal never wrote.
      else if (!(ours && ['mrk', 'sm', 'em'].includes(tag.local)) && capture.into === 'target' && unit) unit.inline ??= tag.name
      return
    }
    if (!ours) {
      skipAt = at
      return
    }
    if (tag.local === 'file') {
      original = value('original') ?? ''
      document.originals.push(original)
    } else if (tag.local === 'unit' && original !== null) {
      const base = Object.values(tag.attributes).find((one) => one.uri === PORTAL_NS && one.local === 'base')?.value
      unit = { id: value('id') ?? '', name: value('name'), base, line: parser.line, original, segments: [], inline: null }
    } else if ((tag.local === 'segment' || tag.local === 'ignorable') && unit) {
      segment = { kind: tag.local, source: '', target: null }
    } else if ((tag.local === 'source' || tag.local === 'target') && segment) {
      capture = { into: tag.local, depth: at, text: '' }
    } else if (tag.local !== 'group') skipAt = at
  })
  const characters = (chunk: string) => {
    if (capture && skipAt === null) capture.text += chunk
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
    if (tag.local === 'segment' || tag.local === 'ignorable') {
      if (segment && unit) unit.segments.push(segment)
      segment = null
    } else if (tag.local === 'unit') {
      if (unit) document.units.push(unit)
      unit = null
    } else if (tag.local === 'file') original = null
  })
  parser.write(text).close()
  return document
}

/** The character of a <cp hex="…"/>; U+FFFD for a value that names none. */
function codePoint(hexValue: string | null): string {
  const code = hexValue !== null && /^[0-9A-Fa-f]{1,6}$/.test(hexValue) ? Number.parseInt(hexValue, 16) : -1
  return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD'
}
