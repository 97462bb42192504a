import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { maxLengthOf } from '../../../domain/text-flags'
import { checkTranslation } from '../../../domain/translation-checks'
import type { Db } from '../../db/types'
import { masterGlossaries } from './glossary.server'

// The progress screen's "with issues" (docs/decisions/049): every current translation of the
// texts counted, run through the same checks as the save (decision 037), against the master
// text, the text's length limit and the language's glossary.

const valueRow = z.object({
  area: z.string(),
  catalogue_id: z.coerce.number().nullable(),
  text_id: z.coerce.number(),
  code: z.string(),
  value: z.string(),
  source: z.string(),
  tags: z.array(z.string()),
})

/** "area:catalogue:code" (catalogue empty outside catalog), as `issueKey` makes it → how many current values have issues. */
export type IssueCounts = Map<string, number>

export function issueKey(area: string, catalogue: number | null, code: string): string {
  return `${area}:${catalogue ?? ''}:${code}`
}

/**
 * Per area and target language, how many current values the checks find any issue in.
 * `areaTexts` answers (area, catalogue_id, text_id); a text in two areas is checked once.
 */
export async function issueCounts(db: Db, areaTexts: SQL, codes: ReadonlyArray<string>): Promise<IssueCounts> {
  const counts: IssueCounts = new Map()
  if (codes.length === 0) return counts
  const [glossaries, result] = await Promise.all([
    masterGlossaries(db, codes),
    db.execute(sql`
      with area_texts as (${areaTexts})
      select a.area, a.catalogue_id, a.text_id, tr.language_code as code, tr.value, src.value as source, x.tags
        from area_texts a
        join texts x on x.id = a.text_id
        join translations tr on tr.text_id = a.text_id and tr.value <> '' and tr.revision >= x.revision
        join translation_languages l on l.code = tr.language_code and not l.is_master
        join translation_languages ml on ml.is_master
        join translations src on src.text_id = a.text_id and src.language_code = ml.code and src.value <> ''`),
  ])
  // PGlite and node-postgres both answer { rows }.
  const { rows } = z.object({ rows: z.array(valueRow) }).parse(result)
  const found = new Map<string, boolean>()
  for (const row of rows) {
    const value = `${row.text_id}:${row.code}`
    let flagged = found.get(value)
    if (flagged === undefined) {
      const maxLength = maxLengthOf(row.tags)
      const issues = checkTranslation(row.source, row.value, {
        sourceLanguage: 'master',
        targetLanguage: row.code,
        glossary: glossaries.get(row.code),
        ...(maxLength !== undefined ? { maxLength } : {}),
      })
      flagged = issues.length > 0
      found.set(value, flagged)
    }
    if (!flagged) continue
    const key = issueKey(row.area, row.catalogue_id, row.code)
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return counts
}
