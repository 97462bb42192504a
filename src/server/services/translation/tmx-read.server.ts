import type { SaxesTag } from 'saxes'
import { parseTmxDate } from '../../../domain/tmx-language'
import { m } from '../../../paraglide/messages'
import type { LocalizedText } from '../../endpoint/errors.server'
import { attributeOf, readXml, StopReading } from './xml-read.server'

// Reads a TMX file (1.4b, and 1.1–1.3 as older tools write them) into its translation units,
// leniently: what a CAT tool adds (header props and notes, unit props and notes, attributes of
// its own, elements the portal has no use for) is passed over; only a file that is not XML, not
// TMX, hostile or nested absurdly deep is refused. docs/decisions/049, "TMX and the shared memory".
//
// A segment is its text content. The inline elements' content is the original's own code —
// <bpt>&lt;b&gt;</bpt>, <ph>{0}</ph>, <ph>%s</ph> — which is how the portal's texts hold markup
// and placeholders (as plain text), so it is kept in place; <hi> and <sub> hold text and are
// kept too. An inline element that holds no code (some tools write <ph x="1"/>) adds nothing.

/** One language's segment of a unit, with the variant's own dates and author where it has them. */
export type TmxVariant = { tag: string; text: string; createdAt: Date | null; changedAt: Date | null; createdBy: string | null }
export type TmxUnit = { line: number; variants: TmxVariant[]; createdAt: Date | null; changedAt: Date | null; createdBy: string | null }

export type TmxRead = { ok: true; units: TmxUnit[] } | { ok: false; notTmx: boolean; problem: LocalizedText }

// tmx › body › tu › tuv › seg, then inline elements (bpt › sub › ph › …): room for what tools nest,
// and a file nested a million deep is one message.
export const TMX_MAX_DEPTH = 16

type Stamps = Pick<TmxVariant, 'createdAt' | 'changedAt' | 'createdBy'>

function stampsOf(tag: SaxesTag): Stamps {
  const creationId = attributeOf(tag, 'creationid').trim()
  return {
    createdAt: parseTmxDate(attributeOf(tag, 'creationdate')),
    changedAt: parseTmxDate(attributeOf(tag, 'changedate')),
    createdBy: creationId === '' ? null : creationId,
  }
}

export async function parseTmx(xml: string): Promise<TmxRead> {
  const units: TmxUnit[] = []
  const seen: { root: string | null } = { root: null }
  /** Depth of <body>, <tu>, <tuv>, <seg> while inside them. */
  let body: number | null = null
  let unit: TmxUnit | null = null
  let unitDepth = -1
  let variant: (Stamps & { tag: string; text: string | null }) | null = null
  let variantDepth = -1
  let segDepth: number | null = null

  const open = (tag: SaxesTag, line: number, depth: number) => {
    if (depth === 0) {
      seen.root = tag.name
      if (tag.name !== 'tmx') throw new StopReading()
      return
    }
    if (segDepth !== null) return
    if (depth === 1 && tag.name === 'body') body = depth
    else if (body !== null && depth === body + 1 && tag.name === 'tu') {
      unit = { line, variants: [], ...stampsOf(tag) }
      unitDepth = depth
    } else if (unit && depth === unitDepth + 1 && tag.name === 'tuv') {
      // TMX 1.4 names the language in xml:lang, TMX 1.1 in lang.
      const language = attributeOf(tag, 'xml:lang') || attributeOf(tag, 'lang')
      variant = { tag: language, text: null, ...stampsOf(tag) }
      variantDepth = depth
    } else if (variant && depth === variantDepth + 1 && tag.name === 'seg') {
      segDepth = depth
      variant.text = ''
    }
  }
  const characters = (text: string) => {
    if (segDepth !== null && variant) variant.text += text
  }
  const close = (depth: number) => {
    if (segDepth !== null) {
      if (depth === segDepth) segDepth = null
      return
    }
    if (variant && depth === variantDepth) {
      if (unit && variant.text !== null) unit.variants.push({ ...variant, text: variant.text })
      variant = null
    } else if (unit && depth === unitDepth) {
      units.push(unit)
      unit = null
    } else if (body !== null && depth === body) body = null
  }

  const stopped = await readXml(
    xml,
    { open, characters, close },
    { maxDepth: TMX_MAX_DEPTH, tooDeep: (line) => (locale) => m.tmx_too_deep({ line, max: TMX_MAX_DEPTH }, { locale }) },
  )
  if (stopped) return { ok: false, notTmx: false, problem: stopped }
  if (seen.root !== 'tmx') {
    const name = seen.root ?? ''
    return { ok: false, notTmx: true, problem: (locale) => m.tmx_not_tmx({ name }, { locale }) }
  }
  return { ok: true, units }
}
