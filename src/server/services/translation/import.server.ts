import { readFile } from 'node:fs/promises'
import { vartextXmlEndpoint } from '../../../contract/translation'
import { m } from '../../../paraglide/messages'
import { translationLanguages } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { badRequest, invalidInput, type LocalizedText } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'
import { timeJob } from '../../ops/jobs.server'
import { MAX_PROBLEMS, parseVartextXml, type ParsedText } from './vartext-xml.server'
import { importVartexts } from './import-write.server'
import { decodeXml } from './xml-encoding.server'
import { noteActivity } from '../../activity/record.server'

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

export const vartextXml = implement(vartextXmlEndpoint, async ({ db, caller: known, nowMs, input: { body } }) =>
  timeJob('xml_import', async () => {
    // The spooled file is read once (at most 20 MB): decoding needs all of it to know its encoding.
    const decoded = decodeXml(await readFile(body.file.path))
    if (!decoded.ok) throw badRequest(decoded.problem)
    const { texts: parsed, problems } = await parseVartextXml(decoded.text)
    if (problems.length > 0) throw invalidInput(problems)
    const languageProblems = await checkLanguages(db, parsed)
    if (languageProblems.length > 0) throw invalidInput(languageProblems)
    const imported = await importVartexts(db, parsed, known.actorUserId ?? known.userId, nowMs)
    // Counts, never the texts (decision 053).
    noteActivity({ target: body.file.name.slice(0, 200), details: imported })
    return imported
  }),
)
