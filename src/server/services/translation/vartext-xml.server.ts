import type { SaxesTag } from 'saxes'
import { TEXT_KEY_MAX, TEXT_VALUE_MAX } from '../../../contract/translation-save'
import { m } from '../../../paraglide/messages'
import type { LocalizedText } from '../../endpoint/errors.server'
import { attributeOf, readXml, StopReading } from './xml-read.server'

// Parses the vartext XML format (README, docs/decisions/013) into texts, or the problems that
// stop the import, each naming its line. The content of <desc>, <master> and <translation> is
// kept exactly as the file holds it (text, CDATA sections, references); white space between
// elements is formatting and dropped.

export type ParsedText = {
  key: string
  line: number
  desc: string | null
  tags: string[]
  master: string | null
  /** Language → the non-empty translations; an empty one is no translation and changes nothing. */
  translations: Map<string, string>
  /** Every language the text names, empty translations too, for the language checks. */
  languages: Set<string>
}

export const MAX_PROBLEMS = 20

// The format has three levels (vartexts › text › master); a few more leave room to name markup
// inside a text (<b>) as an unknown element. Deeper than this the file is refused at once, so a
// nesting a million deep is one message, read no further (decision 013).
export const MAX_DEPTH = 8

type Leaf = 'desc' | 'master' | 'translation'
type Capture = { element: Leaf; line: number; lang: string }

export async function parseVartextXml(xml: string): Promise<{ texts: ParsedText[]; problems: LocalizedText[] }> {
  const problems: LocalizedText[] = []
  const found: ParsedText[] = []
  const firstLine = new Map<string, number>()
  let current: ParsedText | null = null
  let capture: Capture | null = null
  /** The depth of the unknown element the parser is inside, if any. */
  let unknownAt: number | null = null
  let buffer = ''

  const problem = (text: LocalizedText) => {
    problems.push(text)
    if (problems.length >= MAX_PROBLEMS) throw new StopReading()
  }

  const open = (tag: SaxesTag, line: number, depth: number) => {
    const attribute = (name: string) => attributeOf(tag, name)
    // Inside an element already named unknown, nothing more is said about its content.
    if (unknownAt !== null) return
    // Content is always kept exactly, so both values keep it; any other value is a mistake.
    const space = tag.attributes['xml:space'] === undefined ? null : attribute('xml:space')
    if (space !== null && space !== 'preserve' && space !== 'default') problem((locale) => m.translation_import_xml_space({ line }, { locale }))
    if (depth === 0) {
      if (tag.name !== 'vartexts') {
        problems.push((locale) => m.translation_import_root({}, { locale }))
        throw new StopReading()
      }
      return
    }
    if (depth === 1 && tag.name === 'text') {
      const key = attribute('key').trim()
      const tags = attribute('tags')
        .split(',')
        .map((value) => value.trim())
        .filter(Boolean)
      current = { key, line, desc: null, tags, master: null, translations: new Map(), languages: new Set() }
      if (!key) problem((locale) => m.translation_import_no_key({ line }, { locale }))
      else if (key.length > TEXT_KEY_MAX) problem((locale) => m.translation_import_key_too_long({ line, max: TEXT_KEY_MAX }, { locale }))
      else if (firstLine.has(key)) {
        const first = firstLine.get(key)!
        problem((locale) => m.translation_import_duplicate_key({ line, key, first }, { locale }))
      } else firstLine.set(key, line)
      return
    }
    if (depth === 2 && current && (tag.name === 'desc' || tag.name === 'master' || tag.name === 'translation')) {
      const lang = tag.name === 'translation' ? attribute('lang').trim() : ''
      if (tag.name === 'translation' && !lang) problem((locale) => m.translation_import_no_lang({ line }, { locale }))
      capture = { element: tag.name, line, lang }
      buffer = ''
      return
    }
    const name = tag.name
    unknownAt = depth
    problem((locale) => m.translation_import_unknown_element({ line, name }, { locale }))
  }
  const characters = (text: string, line: number) => {
    if (capture) buffer += text
    else if (unknownAt === null && text.trim() !== '') problem((locale) => m.translation_import_text_outside({ line }, { locale }))
  }
  const close = (depth: number) => {
    if (unknownAt !== null) {
      if (depth === unknownAt) unknownAt = null
      return
    }
    if (depth === 2 && current && capture) {
      keep(current, capture, buffer)
      capture = null
    } else if (depth === 1 && current) {
      const done: ParsedText = current
      if (done.key && (done.master === null || done.master.trim() === '')) {
        problem((locale) => m.translation_import_no_master({ line: done.line, key: done.key }, { locale }))
      }
      found.push(done)
      current = null
    }
  }

  /** Stores a finished <desc>, <master> or <translation> as it is, within the save's limits. */
  function keep(text: ParsedText, { element, line, lang }: Capture, value: string) {
    const key = text.key
    if (value.length > TEXT_VALUE_MAX) {
      const length = value.length
      problem((locale) =>
        m.translation_import_too_long({ line, element, key, length: length.toLocaleString(locale), max: TEXT_VALUE_MAX.toLocaleString(locale) }, { locale }),
      )
    }
    if (element === 'desc') text.desc = value === '' ? null : value
    else if (element === 'master') text.master = value
    else if (lang) {
      if (text.languages.has(lang)) problem((locale) => m.translation_import_duplicate_lang({ line, key, code: lang }, { locale }))
      text.languages.add(lang)
      if (value !== '') text.translations.set(lang, value)
    }
  }

  const stopped = await readXml(
    xml,
    { open, characters, close },
    { maxDepth: MAX_DEPTH, tooDeep: (line) => (locale) => m.translation_import_too_deep({ line, max: MAX_DEPTH }, { locale }) },
  )
  if (stopped) problems.push(stopped)
  if (problems.length === 0 && found.length === 0) problems.push((locale) => m.translation_import_empty({}, { locale }))
  return { texts: found, problems }
}
