import { and, asc, count, eq, inArray, ne } from 'drizzle-orm'
import { systemTextsEndpoint, vartextTextsEndpoint, type TextsData } from '../../../contract/translation'
import { m } from '../../../paraglide/messages'
import { shownState } from '../../../domain/review-state'
import { texts, translationComments, translationLanguages, translations, type TextKind } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { badRequest } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'

// GET /vue/i18n/vartext/ and /vue/i18n/system/: the entries of one text kind with the source
// and target dictionaries, the tags and when each value was saved.
/** All languages, after checking that src and dst differ and are among them (400 otherwise). */
export async function loadLanguages(db: Db, src: string, dst: string) {
  if (src === dst) throw badRequest((locale) => m.translation_same_language({}, { locale }))
  const languages = await db.select().from(translationLanguages).orderBy(asc(translationLanguages.position), asc(translationLanguages.code))
  const names = new Map(languages.map((language) => [language.code, language.name]))
  for (const code of [src, dst]) {
    if (!names.has(code)) throw badRequest((locale) => m.translation_unknown_language({ code }, { locale }))
  }
  return { names, choices: languages.map((language): [string, string] => [language.code, language.name]) }
}

/**
 * The src and dst dictionaries of one text kind ({key → text}), when each value was saved, and
 * the revisions: src → every text's master revision, dst → the one each value was written against.
 */
export async function loadDictionaries(
  db: Db,
  kind: TextKind,
  names: Map<string, string>,
  src: string,
  dst: string,
  /** Only these keys (an article's texts); all of the kind when left out. */
  keys?: ReadonlyArray<string>,
) {
  if (keys && keys.length === 0) return emptyDictionaries(names, src, dst)
  // Every text (for its revision), with its src and dst values where it has them.
  const values = await db
    .select({
      key: texts.key,
      textRevision: texts.revision,
      code: translations.languageCode,
      value: translations.value,
      updatedAt: translations.updatedAt,
      revision: translations.revision,
      reviewState: translations.reviewState,
    })
    .from(texts)
    .leftJoin(
      translations,
      // An empty value is no translation: it is left out, so the entry reads as untranslated.
      and(eq(translations.textId, texts.id), inArray(translations.languageCode, [src, dst]), ne(translations.value, '')),
    )
    .where(and(eq(texts.kind, kind), keys ? inArray(texts.key, [...keys]) : undefined))
  const dictionaries: Record<string, Record<string, string>> = { [src]: {}, [dst]: {} }
  const stamps: Record<string, Record<string, string>> = { [src]: {}, [dst]: {} }
  const revisions: Record<string, Record<string, number>> = { [src]: {}, [dst]: {} }
  // Only needs_editing and approved are named (docs/decisions/049).
  const states: TextsData['states'] = { [dst]: {} }
  for (const row of values) {
    revisions[src]![row.key] = row.textRevision
    if (row.code === null || row.value === null || row.updatedAt === null || row.revision === null) continue
    dictionaries[row.code]![row.key] = row.value
    stamps[row.code]![row.key] = row.updatedAt.toISOString()
    if (row.code !== dst) continue
    revisions[dst]![row.key] = row.revision
    const state = shownState(row.reviewState ?? 'translated', row.revision, row.textRevision)
    if (state !== 'translated') states[dst]![row.key] = state
  }
  const comments = await commentCounts(db, kind, dst, keys)
  const languages: TextsData['languages'] = {
    [src]: [names.get(src)!, dictionaries[src]!],
    [dst]: [names.get(dst)!, dictionaries[dst]!],
  }
  return { languages, stamps, revisions, states, comments }
}

/** Key → how many comments it has in `language`, for the texts of `kind` that have any. */
async function commentCounts(db: Db, kind: TextKind, language: string, keys?: ReadonlyArray<string>): Promise<TextsData['comments']> {
  const rows = await db
    .select({ key: texts.key, count: count() })
    .from(translationComments)
    .innerJoin(texts, eq(texts.id, translationComments.textId))
    .where(and(eq(translationComments.languageCode, language), eq(texts.kind, kind), keys ? inArray(texts.key, [...keys]) : undefined))
    .groupBy(texts.key)
  return { [language]: Object.fromEntries(rows.map((row) => [row.key, row.count])) }
}

function emptyDictionaries(names: Map<string, string>, src: string, dst: string) {
  const languages: TextsData['languages'] = { [src]: [names.get(src)!, {}], [dst]: [names.get(dst)!, {}] }
  return { languages, stamps: { [src]: {}, [dst]: {} }, revisions: { [src]: {}, [dst]: {} }, states: { [dst]: {} }, comments: { [dst]: {} } }
}

export async function loadTexts(db: Db, kind: TextKind, src: string, dst: string): Promise<TextsData> {
  const { names, choices } = await loadLanguages(db, src, dst)
  const [entries, { languages, stamps, revisions, states, comments }] = await Promise.all([
    db.select({ key: texts.key, description: texts.description, tags: texts.tags }).from(texts).where(eq(texts.kind, kind)).orderBy(asc(texts.key)),
    loadDictionaries(db, kind, names, src, dst),
  ])
  return {
    texts: entries.map((entry) => ({ text: entry.key, desc: entry.description, tags: entry.tags })),
    languages,
    language_choices: choices,
    t9n_tags: [...new Set(entries.flatMap((entry) => entry.tags))].sort(),
    stamps,
    revisions,
    states,
    comments,
  }
}

export const vartextTexts = implement(vartextTextsEndpoint, async ({ db, input }) => {
  return loadTexts(db, 'vartext', input.query.src, input.query.dst)
})

export const systemTexts = implement(systemTextsEndpoint, async ({ db, input }) => {
  return loadTexts(db, 'system', input.query.src, input.query.dst)
})
