import { tmxDate, tmxTag } from './tmx-language'
import { xmlAttribute, xmlText } from './xml-escape'

// Writing a TMX 1.4b document (docs/decisions/049, "TMX and the shared memory"): plain text
// segments (datatype plaintext), one <tu> per text with its dates and authors. TMX has no escape
// for the characters XML cannot hold (XLIFF's <cp/>): they become U+FFFD.

export type TmxOutUnit = {
  tuid: string
  /** The kind of text, as a <prop type="x-kind">. */
  kind: string
  source: string
  target: string
  createdAt: Date
  createdBy: string | null
  changedAt: Date
  changedBy: string | null
}

export type TmxOutHeader = { tool: string; toolVersion: string; src: string; dst: string; adminLang: string; createdAt: Date }

function stamps(unit: TmxOutUnit): string {
  return [
    `creationdate="${tmxDate(unit.createdAt)}"`,
    ...(unit.createdBy ? [`creationid="${xmlAttribute(unit.createdBy)}"`] : []),
    `changedate="${tmxDate(unit.changedAt)}"`,
    ...(unit.changedBy ? [`changeid="${xmlAttribute(unit.changedBy)}"`] : []),
  ].join(' ')
}

/** The document, line by line (joined by the caller). */
export function tmxLines(header: TmxOutHeader, units: Iterable<TmxOutUnit>): string[] {
  const src = xmlAttribute(tmxTag(header.src))
  const dst = xmlAttribute(tmxTag(header.dst))
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<tmx version="1.4">',
    `  <header creationtool="${xmlAttribute(header.tool)}" creationtoolversion="${xmlAttribute(header.toolVersion)}" datatype="plaintext" segtype="sentence" adminlang="${xmlAttribute(header.adminLang)}" srclang="${src}" o-tmf="${xmlAttribute(header.tool)}" creationdate="${tmxDate(header.createdAt)}"/>`,
    '  <body>',
  ]
  for (const unit of units) {
    lines.push(
      `    <tu tuid="${xmlAttribute(unit.tuid)}" ${stamps(unit)}>`,
      `      <prop type="x-kind">${xmlText(unit.kind)}</prop>`,
      `      <tuv xml:lang="${src}"><seg>${xmlText(unit.source)}</seg></tuv>`,
      `      <tuv xml:lang="${dst}"><seg>${xmlText(unit.target)}</seg></tuv>`,
      '    </tu>',
    )
  }
  lines.push('  </body>', '</tmx>', '')
  return lines
}
