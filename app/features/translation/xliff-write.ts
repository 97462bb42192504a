import { fileLanguage, unitId, type XliffMode, type XliffPart, type XliffUnit } from './xliff-file'
import { escapeContent, NOT_XML, xmlAttribute, xmlText } from '../../../src/domain/xml-escape'
import { MDA_NS, PORTAL_META, XLIFF_NS } from './xliff-sax'

// Writing the XLIFF 2.0 file (docs/decisions/039): texts as text, characters XML cannot hold as
// <cp/>; a text that needs work (untranslated, or outdated) in XLIFF's `initial` state; the
// portal's own data (the base stamp, an outdated text's old source) in the metadata module.

const hex = (char: string) => char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')

/** A text as the content of <source>/<target>: a CR as a reference (parsers turn CR LF into LF), the rest as <cp/>. */
const content = (text: string) => escapeContent(text).replace(NOT_XML, (char) => `<cp hex="${hex(char)}"/>`)
/** Notes and attributes have no <cp/>: what XML cannot hold becomes U+FFFD there (they are only read by people). */
const note = xmlText
const attribute = xmlAttribute

/** The segment state of a text that needs work: XLIFF's own `initial`, whatever a tool makes of a `subState`. */
export const OUTDATED_SUBSTATE = 'portal:outdated'
/** A translation a reviewer sent back: needing work too (docs/decisions/049). */
export const NEEDS_EDITING_SUBSTATE = 'portal:needs-editing'

/**
 * The XLIFF 2.0 document of `parts` ('untranslated': only the texts that need work); `count`: its
 * units. `previousSourceNote` words the note that shows a translator an outdated text's old source.
 */
export function buildXliff({
  src,
  dst,
  parts,
  mode,
  previousSourceNote = (source) => source,
  commentNote = (comment) => `${comment.by ?? '?'} (${comment.at}): ${comment.text}`,
}: {
  src: string
  dst: string
  parts: ReadonlyArray<XliffPart>
  mode: XliffMode
  previousSourceNote?: (source: string) => string
  /** Words a comment as its note ("who, when: text"). */
  commentNote?: (comment: NonNullable<XliffUnit['comments']>[number]) => string
}): { xml: string; count: number } {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<xliff xmlns="${XLIFF_NS}" xmlns:mda="${MDA_NS}" version="2.0" srcLang="${attribute(fileLanguage(src))}" trgLang="${attribute(fileLanguage(dst))}">`,
  ]
  let count = 0
  parts.forEach((part, index) => {
    const units = part.units.filter((unit) => mode === 'all' || unit.target === null || unit.outdated || unit.review === 'needs_editing')
    // A <file> holds at least one unit.
    if (units.length === 0) return
    lines.push(`  <file id="f${index + 1}" original="${attribute(part.original)}" xml:space="preserve">`)
    for (const unit of units) lines.push(...unitLines(unit, previousSourceNote, commentNote))
    lines.push('  </file>')
    count += units.length
  })
  lines.push('</xliff>', '')
  return { xml: lines.join('\n'), count }
}

function unitLines(
  unit: XliffUnit,
  previousSourceNote: (source: string) => string,
  commentNote: (comment: NonNullable<XliffUnit['comments']>[number]) => string,
): string[] {
  const outdated = unit.target !== null && unit.outdated === true
  const previous = outdated ? (unit.previousSource ?? null) : null
  const lines = [`    <unit id="${unitId(unit.key)}" name="${attribute(unit.key)}">`]
  // The module's elements come before the notes (the core schema's order).
  const meta = [
    ...(unit.base !== undefined ? [`<mda:meta type="base">${note(unit.base ?? '')}</mda:meta>`] : []),
    ...(previous !== null ? [`<mda:meta type="previous-source">${note(previous)}</mda:meta>`] : []),
  ]
  if (meta.length > 0) lines.push(`      <mda:metadata><mda:metaGroup category="${PORTAL_META}">${meta.join('')}</mda:metaGroup></mda:metadata>`)
  const notes = [
    ...(unit.note ? [`<note category="description">${note(unit.note)}</note>`] : []),
    ...(previous !== null ? [`<note category="previous-source" appliesTo="source">${note(previousSourceNote(previous))}</note>`] : []),
    // The portal's comments: read back, they are not taken as new ones (their category says so).
    ...(unit.comments ?? []).map((comment) => `<note category="portal-comment" id="c${comment.id}">${note(`#${comment.id} ${commentNote(comment)}`)}</note>`),
  ]
  if (notes.length > 0) lines.push(`      <notes>${notes.join('')}</notes>`)
  const state =
    unit.target === null
      ? 'state="initial"'
      : outdated
        ? `state="initial" subState="${OUTDATED_SUBSTATE}"`
        : unit.review === 'needs_editing'
          ? `state="initial" subState="${NEEDS_EDITING_SUBSTATE}"`
          : unit.review === 'approved'
            ? 'state="reviewed"'
            : 'state="translated"'
  lines.push(`      <segment ${state}>`, `        <source>${content(unit.source)}</source>`)
  if (unit.target !== null) lines.push(`        <target>${content(unit.target)}</target>`)
  lines.push('      </segment>', '    </unit>')
  return lines
}
