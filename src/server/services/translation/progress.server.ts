import { asc, sql } from 'drizzle-orm'
import { z } from 'zod'
import { progressEndpoint, type LanguageProgress, type ProgressArea, type ProgressData } from '../../../contract/translation-team'
import { translationLanguages } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { implement } from '../../endpoint/implement.server'
import { catalogueScopeSql } from './catalog.server'
import { issueCounts, issueKey } from './progress-issues.server'
import { shownAuthor } from './team-scope.server'

// GET /vue/i18n/progress/ (docs/decisions/049): per area and language how far the translation
// is, counted set-based in the database; and who saved and reviewed how many texts lately.

const WINDOW_MS = 7 * 24 * 60 * 60 * 1000

/** (area, catalogue_id, text_id): the texts each area counts; a catalogue's as the catalogue read counts them. */
const areaTextsSql = sql`
  select t.kind::text as area, null::integer as catalogue_id, t.id as text_id from texts t where t.kind in ('vartext', 'system')
  union all
  select 'catalog', s.catalogue_id, s.text_id from (${catalogueScopeSql}) s`

const count = z.coerce.number()
const countRow = z.object({
  area: z.string(),
  catalogue_id: z.coerce.number().nullable(),
  code: z.string(),
  total: count,
  untranslated: count,
  outdated: count,
  approved: count,
  needs_editing: count,
  translated: count,
})
const catalogueRow = z.object({ id: z.coerce.number(), name: z.string() })
const personRow = z.object({ username: z.string(), name: z.string().nullable(), translated: count, reviewed: count })

export const progress = implement(progressEndpoint, async ({ db, nowMs }) => {
  const languages = await db.select().from(translationLanguages).orderBy(asc(translationLanguages.position), asc(translationLanguages.code))
  const targets = languages.filter((language) => !language.isMaster)
  const since = new Date(nowMs - WINDOW_MS)
  const [issues, counts, catalogues, people] = await Promise.all([
    issueCounts(
      db,
      areaTextsSql,
      targets.map((language) => language.code),
    ),
    countsOf(db),
    cataloguesOf(db),
    peopleSince(db, since),
  ])

  const empty = (): Record<string, LanguageProgress> =>
    Object.fromEntries(
      targets.map((language) => [language.code, { untranslated: 0, translated: 0, approved: 0, needs_editing: 0, outdated: 0, with_issues: 0 }]),
    )
  const areas: ProgressArea[] = [
    { kind: 'vartext', catalog: null, name: null, total: 0, languages: empty() },
    { kind: 'system', catalog: null, name: null, total: 0, languages: empty() },
    ...catalogues.map((catalogue): ProgressArea => ({ kind: 'catalog', catalog: catalogue.id, name: catalogue.name, total: 0, languages: empty() })),
  ]
  const areaOf = new Map(areas.map((area) => [`${area.kind}:${area.catalog ?? ''}`, area]))
  for (const row of counts) {
    const area = areaOf.get(`${row.area}:${row.catalogue_id ?? ''}`)
    const counted = area?.languages[row.code]
    if (!area || !counted) continue
    area.total = row.total
    Object.assign(counted, {
      untranslated: row.untranslated,
      translated: row.translated,
      approved: row.approved,
      needs_editing: row.needs_editing,
      outdated: row.outdated,
      with_issues: issues.get(issueKey(row.area, row.catalogue_id, row.code)) ?? 0,
    })
  }
  return {
    areas,
    language_choices: targets.map((language): [string, string] => [language.code, language.name]),
    people: people.map((person) => ({
      by: shownAuthor(person.name, person.username) ?? person.username,
      username: person.username,
      translated: person.translated,
      reviewed: person.reviewed,
    })),
    since: since.toISOString(),
  } satisfies ProgressData
})

/**
 * Per area and target language: untranslated (no or an empty value), outdated (written against
 * an older master revision), and the current values by review state.
 */
async function countsOf(db: Db) {
  const result = await db.execute(sql`
    with area_texts as (${areaTextsSql})
    select a.area, a.catalogue_id, l.code,
           count(*) as total,
           count(*) filter (where tr.text_id is null) as untranslated,
           count(*) filter (where tr.revision < x.revision) as outdated,
           count(*) filter (where tr.revision >= x.revision and tr.review_state = 'approved') as approved,
           count(*) filter (where tr.revision >= x.revision and tr.review_state = 'needs_editing') as needs_editing,
           count(*) filter (where tr.revision >= x.revision and tr.review_state = 'translated') as translated
      from area_texts a
      join texts x on x.id = a.text_id
      cross join translation_languages l
      left join translations tr on tr.text_id = a.text_id and tr.language_code = l.code and tr.value <> ''
     where not l.is_master
     group by a.area, a.catalogue_id, l.code`)
  return z.object({ rows: z.array(countRow) }).parse(result).rows
}

async function cataloguesOf(db: Db) {
  const result = await db.execute(sql`select id, name from catalogue_nodes where kind = 'catalog' order by position, id`)
  return z.object({ rows: z.array(catalogueRow) }).parse(result).rows
}

/**
 * Who saved translations (the history) and who reviewed them since `since`, each counted as
 * distinct texts × languages; a person by their user, or by the copied e-mail once deleted.
 */
async function peopleSince(db: Db, since: Date) {
  const result = await db.execute(sql`
    with acts as (
      select true as saved, h.by_user_id, h.by_username, h.by_name, h.text_id, h.language_code, h.at
        from translation_history h join translation_languages l on l.code = h.language_code and not l.is_master
       where h.at >= ${since.toISOString()}::timestamptz and h.by_username is not null
      union all
      select false, r.by_user_id, r.by_username, r.by_name, r.text_id, r.language_code, r.at
        from translation_reviews r
       where r.at >= ${since.toISOString()}::timestamptz and r.by_username is not null
    )
    select (array_agg(by_username order by at desc))[1] as username,
           (array_agg(by_name order by at desc))[1] as name,
           count(distinct (text_id, language_code)) filter (where saved) as translated,
           count(distinct (text_id, language_code)) filter (where not saved) as reviewed
      from acts
     group by coalesce(by_user_id::text, by_username)
     order by count(distinct (text_id, language_code)) desc, 2, 1`)
  return z.object({ rows: z.array(personRow) }).parse(result).rows
}
