import { setImmediate as nextTurn } from 'node:timers/promises'
import { SaxesParser, type SaxesTag } from 'saxes'
import { m } from '../../../paraglide/messages'
import type { LocalizedText } from '../../endpoint/errors.server'

// Reading an uploaded XML file (already decoded by xml-encoding.server.ts) without trusting it,
// for every XML import (vartext, TMX): a DOCTYPE stops the reading at once (no DTD, no entity
// is ever expanded or fetched), so does the first well-formedness error and an element deeper
// than the format needs; the file is fed in slices so a large one does not hold the thread that
// answers everyone's requests. docs/decisions/013, 049.

// A slice takes a few milliseconds to parse, so other requests are answered between slices.
const PARSE_SLICE = 64 * 1024

/** Thrown by a format's handlers to stop reading (it keeps its own problems). */
export class StopReading extends Error {}

export type XmlHandlers = {
  /** An element opens; `depth` counts the elements around it (0: the root). */
  open(tag: SaxesTag, line: number, depth: number): void
  /** Text and CDATA sections alike: "a <![CDATA[<b>]]> c" is the text "a <b> c". */
  characters(text: string, line: number): void
  /** An element closes; `depth` as at its opening. */
  close(depth: number): void
}

/** An attribute's value (empty when it is missing). */
export function attributeOf(tag: SaxesTag, name: string): string {
  const value = tag.attributes[name]
  return typeof value === 'string' ? value : (value?.value ?? '')
}

/**
 * Reads `xml` into the handlers; answers the problem that stopped it (a DOCTYPE, the first
 * well-formedness error, an element deeper than `maxDepth`), or null. A handler may throw
 * StopReading to end early.
 */
export async function readXml(
  xml: string,
  handlers: XmlHandlers,
  limits: { maxDepth: number; tooDeep: (line: number) => LocalizedText },
): Promise<LocalizedText | null> {
  const parser = new SaxesParser({ position: true, xmlns: false })
  let depth = 0
  let stopped: LocalizedText | null = null
  const stop = (problem: LocalizedText): never => {
    stopped = problem
    throw new StopReading()
  }

  parser.on('doctype', (doctype) => {
    // saxes reports a DOCTYPE once it has read all of it: name the line it starts on.
    const line = parser.line - (doctype.match(/\r\n|\r|\n/g)?.length ?? 0)
    stop((locale) => m.translation_import_doctype({ line }, { locale }))
  })
  parser.on('error', (error) => {
    const { line, column } = parser
    // saxes prefixes its message with [file:]line:column.
    const reason = error.message.replace(/^(?:[^:]*:)?\d+:\d+: /, '')
    stop((locale) => m.translation_import_malformed({ line, column, reason }, { locale }))
  })
  parser.on('opentag', (tag: SaxesTag) => {
    const line = parser.line
    // Deeper than this the file is refused at once: a nesting a million deep is one message.
    if (depth >= limits.maxDepth) stop(limits.tooDeep(line))
    handlers.open(tag, line, depth)
    depth++
  })
  parser.on('text', (text) => handlers.characters(text, parser.line))
  parser.on('cdata', (text) => handlers.characters(text, parser.line))
  parser.on('closetag', () => {
    depth--
    handlers.close(depth)
  })

  try {
    // saxes carries a CR or half a surrogate pair at a slice's end over to the next.
    for (let at = 0; at < xml.length; at += PARSE_SLICE) {
      if (at > 0) await nextTurn()
      parser.write(xml.slice(at, at + PARSE_SLICE))
    }
    parser.close()
  } catch (error) {
    if (!(error instanceof StopReading)) throw error
  }
  return stopped
}
