import { and, eq, inArray, sql } from 'drizzle-orm'
import { SaxesParser, type SaxesTag } from 'saxes'
import { vartextXmlEndpoint, type ImportData } from '../../../contract/translation'
import { m } from '../../../paraglide/messages'
import { requirePermission } from '../../auth/guards.server'
import { texts, translationLanguages, translations } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { badRequest, invalidInput, type LocalizedText } from '../../vue/errors.server'
import { implement } from '../../vue/implement.server'

// POST /vue/i18n/vartext-xml/: vartext master texts and translations from an XML file (format
// in the README). The whole file is parsed and checked first; then everything is written in
// one transaction, so a file with any problem imports nothing. docs/decisions/013.

const MAX_PROBLEMS = 20
const KEY_MAX = 200

type ParsedText = {
  key: string
  line: number
  desc: string | null
  tags: string[]
  master: string | null
  translations: Map<string, string>
}

class StopParsing extends Error {}

/** Parses the file into texts, or the problems (each naming its line) that stop the import. */
export function parseVartextXml(xml: string): { texts: ParsedText[]; problems: LocalizedText[] } {
  const problems: LocalizedText[] = []
  const found: ParsedText[] = []
  const firstLine = new Map<string, number>()
  const parser = new SaxesParser({ position: true, xmlns: false })
  const stack: string[] = []
  let current: ParsedText | null = null
  let capture: { kind: 'desc' | 'master' } | { kind: 'translation'; lang: string; line: number } | null = null
  let buffer = ''

  const problem = (text: LocalizedText) => {
    problems.push(text)
    if (problems.length >= MAX_PROBLEMS) throw new StopParsing()
  }

  parser.on('doctype', () => {
    const line = parser.line
    problems.push((locale) => m.translation_import_doctype({ line }, { locale }))
    throw new StopParsing()
  })
  parser.on('error', (error) => {
    const { line, column } = parser
    const reason = error.message.replace(/^[^:]*:\d+:\d+: /, '')
    problems.push((locale) => m.translation_import_malformed({ line, column, reason }, { locale }))
    throw new StopParsing()
  })
  parser.on('opentag', (tag: SaxesTag) => {
    const line = parser.line
    const attribute = (name: string) => {
      const value = tag.attributes[name]
      return typeof value === 'string' ? value : (value?.value ?? '')
    }
    const depth = stack.length
    stack.push(tag.name)
    if (depth === 0) {
      if (tag.name !== 'vartexts') {
        problems.push((locale) => m.translation_import_root({}, { locale }))
        throw new StopParsing()
      }
      return
    }
    if (depth === 1 && tag.name === 'text') {
      const key = attribute('key').trim()
      const tags = attribute('tags').split(',').map((value) => value.trim()).filter(Boolean)
      current = { key, line, desc: null, tags, master: null, translations: new Map() }
      if (!key) problem((locale) => m.translation_import_no_key({ line }, { locale }))
      else if (key.length > KEY_MAX) problem((locale) => m.translation_import_key_too_long({ line }, { locale }))
      else if (firstLine.has(key)) {
        const first = firstLine.get(key)!
        problem((locale) => m.translation_import_duplicate_key({ line, key, first }, { locale }))
      } else firstLine.set(key, line)
      return
    }
    if (depth === 2 && current && (tag.name === 'desc' || tag.name === 'master')) {
      capture = { kind: tag.name }
      buffer = ''
      return
    }
    if (depth === 2 && current && tag.name === 'translation') {
      const lang = attribute('lang').trim()
      if (!lang) problem((locale) => m.translation_import_no_lang({ line }, { locale }))
      capture = { kind: 'translation', lang, line }
      buffer = ''
      return
    }
    const name = tag.name
    problem((locale) => m.translation_import_unknown_element({ line, name }, { locale }))
  })
  parser.on('text', (text) => {
    if (capture) buffer += text
    else if (text.trim() !== '') {
      const line = parser.line
      problem((locale) => m.translation_import_text_outside({ line }, { locale }))
    }
  })
  parser.on('closetag', () => {
    const depth = stack.length
    stack.pop()
    if (depth === 3 && current && capture) {
      const value = buffer.trim()
      if (capture.kind === 'desc') current.desc = value || null
      else if (capture.kind === 'master') current.master = value
      else if (capture.kind === 'translation' && capture.lang) {
        const { lang, line } = capture
        const key = current.key
        if (current.translations.has(lang)) problem((locale) => m.translation_import_duplicate_lang({ line, key, code: lang }, { locale }))
        current.translations.set(lang, value)
      }
      capture = null
    } else if (depth === 2 && current) {
      const done: ParsedText = current
      if (done.key && !done.master) problem((locale) => m.translation_import_no_master({ line: done.line, key: done.key }, { locale }))
      found.push(done)
      current = null
    }
  })

  try {
    parser.write(xml).close()
  } catch (error) {
    if (!(error instanceof StopParsing)) throw error
  }
  if (problems.length === 0 && found.length === 0) problems.push((locale) => m.translation_import_empty({}, { locale }))
  return { texts: found, problems }
}

async function checkLanguages(db: Db, parsed: ParsedText[]): Promise<LocalizedText[]> {
  const languages = await db.select({ code: translationLanguages.code, isMaster: translationLanguages.isMaster }).from(translationLanguages)
  const byCode = new Map(languages.map((language) => [language.code, language]))
  const problems: LocalizedText[] = []
  for (const text of parsed) {
    for (const code of text.translations.keys()) {
      const line = text.line
      const language = byCode.get(code)
      if (!language) problems.push((locale) => m.translation_import_unknown_language({ line, code }, { locale }))
      else if (language.isMaster) problems.push((locale) => m.translation_import_master_lang({ line }, { locale }))
      if (problems.length >= MAX_PROBLEMS) return problems
    }
  }
  return problems
}

const CHUNK = 500

/** Writes the parsed texts in one transaction; answers what was new, changed and unchanged. */
export async function importVartexts(db: Db, parsed: ParsedText[], userId: number, nowMs: number): Promise<ImportData> {
  const counts: ImportData = { texts: { new: 0, changed: 0, unchanged: 0 }, translations: { new: 0, changed: 0, unchanged: 0 } }
  const at = new Date(nowMs)
  await db.transaction(async (tx) => {
    const existing = new Map<string, { id: number; description: string | null; tags: string[]; revision: number }>()
    for (let start = 0; start < parsed.length; start += CHUNK) {
      const keys = parsed.slice(start, start + CHUNK).map((text) => text.key)
      const rows = await tx
        .select({ id: texts.id, key: texts.key, description: texts.description, tags: texts.tags, revision: texts.revision })
        .from(texts)
        .where(and(eq(texts.kind, 'vartext'), inArray(texts.key, keys)))
      for (const row of rows) existing.set(row.key, row)
    }
    const values = new Map<string, string>() // `${textId}\0${code}` → value
    const ids = [...existing.values()].map((row) => row.id)
    for (let start = 0; start < ids.length; start += CHUNK) {
      const rows = await tx
        .select({ textId: translations.textId, code: translations.languageCode, value: translations.value })
        .from(translations)
        .where(inArray(translations.textId, ids.slice(start, start + CHUNK)))
      for (const row of rows) values.set(`${row.textId}\u0000${row.code}`, row.value)
    }

    const fresh = parsed.filter((text) => !existing.has(text.key))
    for (let start = 0; start < fresh.length; start += CHUNK) {
      const inserted = await tx
        .insert(texts)
        .values(fresh.slice(start, start + CHUNK).map((text) => ({ kind: 'vartext' as const, key: text.key, description: text.desc, tags: text.tags, updatedAt: at })))
        .returning({ id: texts.id, key: texts.key })
      for (const row of inserted) existing.set(row.key, { id: row.id, description: null, tags: [], revision: 1 })
    }
    counts.texts.new = fresh.length
    const freshKeys = new Set(fresh.map((text) => text.key))

    const upserts: Array<typeof translations.$inferInsert> = []
    for (const text of parsed) {
      const row = existing.get(text.key)!
      const isNew = freshKeys.has(text.key)
      const masterBefore = values.get(`${row.id}\u0000master`)
      const masterChanged = !isNew && masterBefore !== text.master
      const metaChanged = !isNew && (row.description !== text.desc || row.tags.join(',') !== text.tags.join(','))
      const revision = masterChanged ? row.revision + 1 : row.revision
      if (masterChanged || metaChanged) {
        await tx.update(texts).set({ description: text.desc, tags: text.tags, revision, updatedAt: at }).where(eq(texts.id, row.id))
        counts.texts.changed += 1
      } else if (!isNew) counts.texts.unchanged += 1
      const all: Array<[string, string]> = [['master', text.master!], ...text.translations]
      for (const [code, value] of all) {
        const before = values.get(`${row.id}\u0000${code}`)
        if (before === value) {
          counts.translations.unchanged += 1
          continue
        }
        if (before === undefined) counts.translations.new += 1
        else counts.translations.changed += 1
        upserts.push({ textId: row.id, languageCode: code, value, revision, updatedByUserId: userId, updatedAt: at })
      }
    }
    for (let start = 0; start < upserts.length; start += CHUNK) {
      await tx
        .insert(translations)
        .values(upserts.slice(start, start + CHUNK))
        .onConflictDoUpdate({
          target: [translations.textId, translations.languageCode],
          set: {
            value: sql`excluded.value`,
            revision: sql`excluded.revision`,
            updatedByUserId: sql`excluded.updated_by_user_id`,
            updatedAt: sql`excluded.updated_at`,
          },
        })
    }
  })
  return counts
}

export const vartextXml = implement(vartextXmlEndpoint, async ({ db, caller, nowMs, input: { body } }) => {
  const known = requirePermission(caller, 'CAN_TRANSLATE')
  if (!(body.file instanceof File)) throw badRequest((locale) => m.translation_import_no_file({}, { locale }))
  const { texts: parsed, problems } = parseVartextXml(await body.file.text())
  if (problems.length > 0) throw invalidInput(problems)
  const languageProblems = await checkLanguages(db, parsed)
  if (languageProblems.length > 0) throw invalidInput(languageProblems)
  return importVartexts(db, parsed, known.actorUserId ?? known.userId, nowMs)
})
