import { z } from 'zod'
import { TEXT_KEY_MAX, TEXT_VALUE_MAX } from '../../../src/contract/translation-save'
import { LEGACY_PORTAL_NS, MDA_NS, Refused, XLIFF_NS, parseXliffXml, type RawDocument, type Segment } from './xliff-sax'

// XLIFF 2.0 files of one language pair for translation tools such as Trados and memoQ
// (docs/decisions/039). Texts are written as text: markup such as <b> is escaped, not turned into
// inline codes, so it comes back exactly as it went. A text that needs work (untranslated, or
// outdated: translated against an older source) is a segment in XLIFF's `initial` state; what is
// the portal's own (the base stamp a save's conflicts are found with) is in the metadata module.
// This module holds the types and the reading (the writing: xliff-write.ts). A file read back is
// hostile: its size, its XML and every unit are checked before anything is written, and a
// refused file names the first thing wrong. XML is read by saxes (a strict, conformant parser
// without DTDs).

export { LEGACY_PORTAL_NS, MDA_NS, XLIFF_NS }

export const XLIFF_FILE_MAX_MB = 50
/** A larger file is refused before it is read (100,000 texts with sources and notes are some 40 MB). */
export const XLIFF_FILE_MAX_BYTES = XLIFF_FILE_MAX_MB * 1024 * 1024
/** The portal's source texts ('master') are German; a file names a real language. */
const MASTER_LANGUAGE = 'de'

/** 'untranslated': the texts that need work (untranslated or outdated); 'all': every text. */
export type XliffMode = 'untranslated' | 'all'
/**
 * `target`: the text now (null: untranslated); `base`: the stamp of the server value it stands on;
 * `outdated`: the target was made against an older source, `previousSource` (when known).
 */
export type XliffUnit = {
  key: string
  source: string
  target: string | null
  note?: string | null
  base?: string | null
  outdated?: boolean
  previousSource?: string | null
  /** The review of the text (docs/decisions/049): approved goes out `reviewed`, needs editing as needing work. */
  review?: 'approved' | 'needs_editing'
  /** Its comments, as notes a translator reads in the tool. */
  comments?: ReadonlyArray<{ id: number; by: string | null; at: string; text: string }>
}
/** One <file> of the document: `original` says what it holds ('vartext', 'system', 'catalogue:12'). */
export type XliffPart = { original: string; units: ReadonlyArray<XliffUnit> }
/**
 * `base`: undefined when the file does not say (not exported by the portal, or its metadata lost on
 * the way); `done`: the tool marked every segment translated (or reviewed, or final).
 */
export type ReadUnit = { key: string; target: string; base?: string | null; done: boolean }
/** The units of one <file>: `original` null when the file does not say what it holds; `file`: its id. */
export type ReadPart = { original: string | null; file: string; units: ReadUnit[] }
/**
 * What a unit says beyond its translation (docs/decisions/049): its notes a translator or a tool
 * wrote (not the portal's own: description, previous source, exported comments), and whether the
 * tool marked it approved (every segment `reviewed` or `final`). `target`: the file's translation.
 */
export type ReadReview = { original: string | null; file: string; key: string; target: string | null; base?: string | null; notes: string[]; approved: boolean }
export type XliffRead = { src: string; dst: string; parts: ReadPart[]; empty: number; reviews?: ReadReview[] }

/** The note categories the portal writes itself: read back, they are not new comments. */
export const PORTAL_NOTE_CATEGORIES = ['description', 'previous-source', 'portal-comment']
/**
 * An exported comment's note starts with its number ("#12 "), so it is known again when a writer
 * dropped the category (the npm `xliff` library keeps a note's text only).
 */
export const PORTAL_COMMENT_NOTE = /^#\d+ /
const isPortalNote = (note: { category: string | null; text: string }) =>
  PORTAL_NOTE_CATEGORIES.includes(note.category ?? '') || PORTAL_COMMENT_NOTE.test(note.text.trim())

/** Why a file was refused: the screen words it (xliff-problems.ts). */
export type XliffProblem =
  | { kind: 'too_big' }
  | { kind: 'not_xml'; line: number; column: number }
  | { kind: 'not_xliff' }
  | { kind: 'wrong_version'; version: string }
  | { kind: 'wrong_languages'; file: string; screen: string }
  | { kind: 'wrong_scope'; file: string; screen: string }
  | { kind: 'no_id'; line: number }
  | { kind: 'duplicate'; line: number; key: string; first: number }
  | { kind: 'too_long'; line: number; key: string }
  | { kind: 'inline_code'; line: number; key: string; element: string }

/** The language code a file uses for a portal code ('master' is German). */
export function fileLanguage(code: string): string {
  return code === 'master' ? MASTER_LANGUAGE : code
}

/** A file's language fits a portal's: the same tag, or a regional one of it ('de-DE' for 'de'). */
function sameLanguage(fileCode: string, portalCode: string): boolean {
  const file = fileCode.toLowerCase()
  const portal = fileLanguage(portalCode).toLowerCase()
  return file === portal || (!portal.includes('-') && file.split('-')[0] === portal)
}

/** A key as a unit id (an NMTOKEN): 'k' and its UTF-8 in base64url, so any key comes back exactly. */
export function unitId(key: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(key)) binary += String.fromCharCode(byte)
  return `k${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`
}

/** The key of a unit id made by unitId; null for any other id. */
export function keyOfUnitId(id: string): string | null {
  if (!/^k[A-Za-z0-9_-]*$/.test(id)) return null
  try {
    const binary = atob(id.slice(1).replace(/-/g, '+').replace(/_/g, '/'))
    const key = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)))
    return unitId(key) === id ? key : null
  } catch {
    return null
  }
}

// ---- reading -------------------------------------------------------------------------------

const languageTag = z.string().regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/)
const rootAttributes = z.object({ version: z.string().regex(/^2\.\d$/), srcLang: languageTag, trgLang: languageTag })
const unitFields = z.object({
  id: z.string().min(1),
  key: z.string().min(1).max(TEXT_KEY_MAX),
  target: z.string().max(TEXT_VALUE_MAX).nullable(),
  // A stamp is an ISO time; anything longer is as if the file did not say.
  base: z.string().max(40).nullable().optional().catch(undefined),
})

/**
 * The translations of an XLIFF file for the screen's language pair and texts (`originals`: the
 * <file original> values it accepts), or why it is refused. Units without a translation are
 * counted (`empty`), not returned.
 */
export function readXliff(
  text: string,
  bytes: number,
  expect: { src: string; dst: string; originals: ReadonlyArray<string> },
): { ok: true; file: XliffRead } | { ok: false; problem: XliffProblem } {
  if (bytes > XLIFF_FILE_MAX_BYTES) return { ok: false, problem: { kind: 'too_big' } }
  try {
    return { ok: true, file: checked(parseXliffXml(text), expect) }
  } catch (error) {
    if (error instanceof Refused) return { ok: false, problem: error.problem }
    throw error
  }
}

function checked(document: RawDocument, expect: { src: string; dst: string; originals: ReadonlyArray<string> }): XliffRead {
  const root = rootAttributes.safeParse(document)
  if (!root.success) {
    if (root.error.issues[0]?.path[0] === 'version') throw new Refused({ kind: 'wrong_version', version: document.version || '?' })
  }
  // XLIFF has at least one <file>.
  if (document.files.length === 0) throw new Refused({ kind: 'not_xliff' })
  if (!root.success || !sameLanguage(document.srcLang, expect.src) || !sameLanguage(document.trgLang, expect.dst)) {
    const file = `${document.srcLang || '?'} → ${document.trgLang || '?'}`
    throw new Refused({ kind: 'wrong_languages', file, screen: `${fileLanguage(expect.src)} → ${fileLanguage(expect.dst)}` })
  }
  // A <file> that does not say what it holds (some writers drop `original`) is matched by its unit ids.
  const strange = document.files.find((file) => file.original !== null && !expect.originals.includes(file.original))
  if (strange?.original) throw new Refused({ kind: 'wrong_scope', file: strange.original, screen: expect.originals[0] ?? '' })
  const parts = new Map<string, ReadPart>()
  const firstLine = new Map<string, number>()
  const reviews: ReadReview[] = []
  let empty = 0
  for (const raw of document.units) {
    const key = keyOfUnitId(raw.id) ?? raw.name ?? raw.id
    const { line } = raw
    const fields = unitFields.safeParse({ id: raw.id, key, target: translationOf(raw.segments), base: raw.base === '' ? null : raw.base })
    const field = fields.success ? null : fields.error.issues[0]?.path[0]
    if (field === 'id') throw new Refused({ kind: 'no_id', line })
    // Files that name what they hold are one part each; the others go by their id.
    const partKey = raw.file.original ?? `\u0000${raw.file.id}`
    const seen = firstLine.get(`${partKey}\u0000${key}`)
    if (seen !== undefined) throw new Refused({ kind: 'duplicate', line, key, first: seen })
    firstLine.set(`${partKey}\u0000${key}`, line)
    if (!fields.success) throw new Refused({ kind: 'too_long', line, key: key.slice(0, 80) })
    if (raw.inline !== null) throw new Refused({ kind: 'inline_code', line, key, element: raw.inline })
    const { target, base } = fields.data
    const notes = (raw.notes ?? []).filter((one) => !isPortalNote(one)).map((one) => one.text.trim())
    const approved = target !== null && target !== '' && raw.segments.some((one) => one.kind === 'segment') && raw.segments.every(isApproved)
    if (approved || notes.some((one) => one !== '')) {
      reviews.push({
        original: raw.file.original,
        file: raw.file.id,
        key,
        target: target === '' ? null : target,
        ...(base !== undefined ? { base } : {}),
        notes: notes.filter((one) => one !== ''),
        approved,
      })
    }
    if (target === null || target === '') {
      empty += 1
      continue
    }
    const part = parts.get(partKey) ?? { original: raw.file.original, file: raw.file.id, units: [] }
    part.units.push({ key, target, ...(base !== undefined ? { base } : {}), done: raw.segments.every(isDone) })
    parts.set(partKey, part)
  }
  return { src: expect.src, dst: expect.dst, parts: [...parts.values()], empty, ...(reviews.length > 0 ? { reviews } : {}) }
}

/** A segment a tool marked reviewed or final (an ignorable has no state). */
function isApproved(segment: Segment): boolean {
  return segment.kind !== 'segment' || segment.state === 'reviewed' || segment.state === 'final'
}

/** A segment the tool marked translated, reviewed or final; an ignorable has no state. A missing state is XLIFF's 'initial'. */
function isDone(segment: Segment): boolean {
  return segment.kind !== 'segment' || (segment.state !== null && ['translated', 'reviewed', 'final'].includes(segment.state))
}

/** A unit's translation: its segments' targets and ignorables in order; null while a segment has none. */
function translationOf(segments: ReadonlyArray<Segment>): string | null {
  if (segments.length === 0) return null
  let text = ''
  for (const segment of segments) {
    if (segment.target === null && segment.kind === 'segment') return null
    text += segment.target ?? segment.source
  }
  return text
}
