import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { glossaryCreateEndpoint, glossaryDeleteEndpoint, glossaryListEndpoint, glossaryUpdateEndpoint, type GlossaryTerm } from '../../../contract/glossary'
import type { GlossaryTerm as GlossaryEntry } from '../../../domain/translation-checks'
import { m } from '../../../paraglide/messages'
import { isUniqueViolation } from '../../db/errors.server'
import { glossaryTerms, translationLanguages, users, type GlossaryTermRow } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { badRequest, conflict, notFound, type ApiError } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'
import { changedFields, noteActivity } from '../../activity/record.server'

// /vue/i18n/glossary/: the translators' glossary (docs/decisions/038).
// A term is there once per source and target language, letter case aside.

const creator = alias(users, 'creator')
const updater = alias(users, 'updater')

/** "name (e-mail)", or the e-mail where there is no name; null for a deleted user. */
function shownName(user: Record<'email' | 'firstName' | 'lastName', AnyPgColumn>): SQL<string | null> {
  return sql<string | null>`case when ${user.email} is null then null
    else coalesce(nullif(trim(${user.firstName} || ' ' || ${user.lastName}), '') || ' (' || ${user.email} || ')', ${user.email}) end`
}

async function termsWhere(db: Db, where: SQL | undefined): Promise<GlossaryTerm[]> {
  const rows = await db
    .select({ row: glossaryTerms, createdBy: shownName(creator), updatedBy: shownName(updater) })
    .from(glossaryTerms)
    .leftJoin(creator, eq(creator.id, glossaryTerms.createdByUserId))
    .leftJoin(updater, eq(updater.id, glossaryTerms.updatedByUserId))
    .where(where)
    .orderBy(asc(glossaryTerms.languageCode), asc(sql`lower(${glossaryTerms.term})`), asc(glossaryTerms.id))
  return rows.map(({ row, createdBy, updatedBy }) => ({
    id: row.id,
    source: row.sourceLanguageCode,
    term: row.term,
    language: row.languageCode,
    translation: row.translation,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    created_by: createdBy,
    updated_at: row.updatedAt.toISOString(),
    updated_by: updatedBy,
  }))
}

async function termById(db: Db, id: number): Promise<GlossaryTerm> {
  const [term] = await termsWhere(db, eq(glossaryTerms.id, id))
  if (!term) throw notFound((locale) => m.glossary_not_found({}, { locale }))
  return term
}

/** Both languages exist, differ, and the target is not the master texts' (400 otherwise). */
async function checkLanguages(db: Db, source: string, language: string): Promise<void> {
  const known = await db.select({ code: translationLanguages.code, isMaster: translationLanguages.isMaster }).from(translationLanguages)
  const byCode = new Map(known.map((row) => [row.code, row]))
  for (const code of [source, language]) {
    if (!byCode.has(code)) throw badRequest((locale) => m.translation_unknown_language({ code }, { locale }))
  }
  if (byCode.get(language)?.isMaster) throw badRequest((locale) => m.glossary_master_target({}, { locale }))
  if (source === language) throw badRequest((locale) => m.translation_same_language({}, { locale }))
}

type Key = { source: string; term: string; language: string }

/** The entry holding the term for this source and target language, other than `except`. */
async function holderOf(db: Db, key: Key, except?: number): Promise<GlossaryTermRow | undefined> {
  const [row] = await db
    .select()
    .from(glossaryTerms)
    .where(
      and(
        eq(glossaryTerms.sourceLanguageCode, key.source),
        eq(glossaryTerms.languageCode, key.language),
        sql`lower(${glossaryTerms.term}) = lower(${key.term})`,
        except === undefined ? undefined : ne(glossaryTerms.id, except),
      ),
    )
  return row
}

function duplicate(holder: GlossaryTermRow): ApiError {
  const { term, languageCode: language, translation } = holder
  return conflict((locale) => m.glossary_duplicate({ term, language, translation }, { locale }))
}

/** Two writers of the same term at once: the unique index decides, the loser hears who holds it. */
async function answerRace(db: Db, error: unknown, key: Key, except?: number): Promise<never> {
  const holder = isUniqueViolation(error) ? await holderOf(db, key, except) : undefined
  throw holder ? duplicate(holder) : error
}

/** Per target language, the glossary terms of the master texts: what the save's checks look for. */
export async function masterGlossaries(db: Db, codes: ReadonlyArray<string>): Promise<Map<string, GlossaryEntry[]>> {
  const byCode = new Map<string, GlossaryEntry[]>()
  if (codes.length === 0) return byCode
  const rows = await db
    .select({ code: glossaryTerms.languageCode, term: glossaryTerms.term, translation: glossaryTerms.translation })
    .from(glossaryTerms)
    .innerJoin(translationLanguages, and(eq(translationLanguages.code, glossaryTerms.sourceLanguageCode), eq(translationLanguages.isMaster, true)))
    .where(inArray(glossaryTerms.languageCode, [...codes]))
  for (const row of rows) {
    const terms = byCode.get(row.code) ?? []
    if (terms.length === 0) byCode.set(row.code, terms)
    terms.push({ term: row.term, translation: row.translation })
  }
  return byCode
}

export const glossaryList = implement(glossaryListEndpoint, async ({ db, input: { query } }) => {
  if (query.language !== undefined) {
    const code = query.language
    const [known] = await db.select({ code: translationLanguages.code }).from(translationLanguages).where(eq(translationLanguages.code, code))
    if (!known) throw badRequest((locale) => m.translation_unknown_language({ code }, { locale }))
  }
  return { terms: await termsWhere(db, query.language === undefined ? undefined : eq(glossaryTerms.languageCode, query.language)) }
})

export const glossaryCreate = implement(glossaryCreateEndpoint, async ({ db, caller, nowMs, input: { body } }) => {
  await checkLanguages(db, body.source, body.language)
  const actor = caller.actorUserId ?? caller.userId
  const at = new Date(nowMs)
  const id = await db
    .transaction(async (tx) => {
      const holder = await holderOf(tx, body)
      // The same entry again is a retried call (an answer lost offline): it answers the one stored.
      if (holder && holder.term === body.term && holder.translation === body.translation && holder.note === body.note) return holder.id
      if (holder) throw duplicate(holder)
      const [row] = await tx
        .insert(glossaryTerms)
        .values({
          sourceLanguageCode: body.source,
          term: body.term,
          languageCode: body.language,
          translation: body.translation,
          note: body.note,
          createdByUserId: actor,
          createdAt: at,
          updatedByUserId: actor,
          updatedAt: at,
        })
        .returning({ id: glossaryTerms.id })
      return row!.id
    })
    .catch((error: unknown) => answerRace(db, error, body))
  noteActivity({ target: `glossary ${id}: ${body.term}`.slice(0, 200), details: { source: body.source, language: body.language } })
  return { term: await termById(db, id) }
})

export const glossaryUpdate = implement(glossaryUpdateEndpoint, async ({ db, caller, nowMs, input: { params, body } }) => {
  const id = params.id
  const [current] = await db.select().from(glossaryTerms).where(eq(glossaryTerms.id, id))
  if (!current) throw notFound((locale) => m.glossary_not_found({}, { locale }))
  const next = {
    source: body.source ?? current.sourceLanguageCode,
    term: body.term ?? current.term,
    language: body.language ?? current.languageCode,
    translation: body.translation ?? current.translation,
    note: body.note === undefined ? current.note : body.note,
  }
  if (next.source !== current.sourceLanguageCode || next.language !== current.languageCode) await checkLanguages(db, next.source, next.language)
  const holder = await holderOf(db, next, id)
  if (holder) throw duplicate(holder)
  const unchanged =
    next.source === current.sourceLanguageCode &&
    next.term === current.term &&
    next.language === current.languageCode &&
    next.translation === current.translation &&
    next.note === current.note
  if (!unchanged) {
    await db
      .update(glossaryTerms)
      .set({
        sourceLanguageCode: next.source,
        term: next.term,
        languageCode: next.language,
        translation: next.translation,
        note: next.note,
        updatedByUserId: caller.actorUserId ?? caller.userId,
        updatedAt: new Date(nowMs),
      })
      .where(eq(glossaryTerms.id, id))
      .catch((error: unknown) => answerRace(db, error, next, id))
  }
  // The entry's fields before → after (decision 053).
  noteActivity({
    target: `glossary ${id}: ${next.term}`.slice(0, 200),
    changes: changedFields(
      { source: current.sourceLanguageCode, term: current.term, language: current.languageCode, translation: current.translation, note: current.note },
      next,
    ),
  })
  return { term: await termById(db, id) }
})

export const glossaryDelete = implement(glossaryDeleteEndpoint, async ({ db, input: { params } }) => {
  const [row] = await db.delete(glossaryTerms).where(eq(glossaryTerms.id, params.id)).returning({ id: glossaryTerms.id, term: glossaryTerms.term })
  if (!row) throw notFound((locale) => m.glossary_not_found({}, { locale }))
  noteActivity({ target: `glossary ${row.id}: ${row.term}`.slice(0, 200) })
  return { id: row.id }
})
