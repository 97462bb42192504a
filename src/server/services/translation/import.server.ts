import { and, eq, inArray, ne } from 'drizzle-orm'
import { vartextXmlEndpoint, type ImportData } from '../../../contract/translation'
import { m } from '../../../paraglide/messages'
import { texts, translationLanguages, translations, type NewTranslation } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { badRequest, invalidInput, type LocalizedText } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'
import { MAX_PROBLEMS, parseVartextXml, type ParsedText } from './vartext-xml.server'
import { upsertTranslations } from './upsert-translations.server'
import { decodeXml } from './xml-encoding.server'

// POST /vue/i18n/vartext-xml/: vartext master texts and translations from an XML file (format
// in the README). The whole file is decoded, parsed and checked first; then everything is
// written in one transaction, so a file with any problem imports nothing. docs/decisions/013.

async function checkLanguages(db: Db, parsed: ParsedText[]): Promise<LocalizedText[]> {
  const languages = await db.select({ code: translationLanguages.code, isMaster: translationLanguages.isMaster }).from(translationLanguages)
  const byCode = new Map(languages.map((language) => [language.code, language]))
  const problems: LocalizedText[] = []
  for (const text of parsed) {
    for (const code of text.languages) {
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
        // An empty value (left by imports before issue 14) is no translation: a new one counts as new.
        .where(and(inArray(translations.textId, ids.slice(start, start + CHUNK)), ne(translations.value, '')))
      for (const row of rows) values.set(`${row.textId}\u0000${row.code}`, row.value)
    }

    const fresh = parsed.filter((text) => !existing.has(text.key))
    for (let start = 0; start < fresh.length; start += CHUNK) {
      const inserted = await tx
        .insert(texts)
        .values(
          fresh
            .slice(start, start + CHUNK)
            .map((text) => ({ kind: 'vartext' as const, key: text.key, description: text.desc, tags: text.tags, updatedAt: at })),
        )
        .returning({ id: texts.id, key: texts.key })
      for (const row of inserted) existing.set(row.key, { id: row.id, description: null, tags: [], revision: 1 })
    }
    counts.texts.new = fresh.length
    const freshKeys = new Set(fresh.map((text) => text.key))

    const upserts: NewTranslation[] = []
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
    await upsertTranslations(tx, upserts)
  })
  return counts
}

export const vartextXml = implement(vartextXmlEndpoint, async ({ db, caller: known, nowMs, input: { body } }) => {
  if (!(body.file instanceof File)) throw badRequest((locale) => m.translation_import_no_file({}, { locale }))
  const decoded = decodeXml(new Uint8Array(await body.file.arrayBuffer()))
  if (!decoded.ok) throw badRequest(decoded.problem)
  const { texts: parsed, problems } = await parseVartextXml(decoded.text)
  if (problems.length > 0) throw invalidInput(problems)
  const languageProblems = await checkLanguages(db, parsed)
  if (languageProblems.length > 0) throw invalidInput(languageProblems)
  return importVartexts(db, parsed, known.actorUserId ?? known.userId, nowMs)
})
