import { and, eq, inArray, sql } from 'drizzle-orm'
import { SAVE_BATCH_LIMIT, SAVE_KINDS, saveEndpoint, vartextSaveEndpoint, type SaveConflict, type SaveData } from '../../../contract/translation-save'
import type { Locale } from '../../../contract/envelope'
import { m } from '../../../paraglide/messages'
import type { Caller } from '../../auth/caller.server'
import {
  articleUnits,
  catalogueNodes,
  texts,
  translationLanguages,
  translations,
  users,
  type NewTranslation,
  type NewTranslationHistoryEntry,
  type TextKind,
} from '../../db/schema/index'
import type { Db } from '../../db/types'
import { ApiError, badRequest, invalidInput, notFound, tooLarge, type LocalizedText } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'
import { checkTranslation } from '../../../domain/translation-checks'
import { maxLengthOf } from '../../../domain/text-flags'
import { masterGlossaries } from './glossary.server'
import { authorOf, recordHistory } from './history-write.server'
import { upsertTranslations } from './upsert-translations.server'
import { countsPerLanguage, noteActivity } from '../../activity/record.server'

// POST /vue/i18n/save/ and /vue/i18n/vartext/: the spec's {languages, changes, pid2trus}, plus
// an optional base stamp per text (and on /save/ an optional kind). Bad input refuses the whole call; texts someone else changed since
// their base come back as conflicts (409) while the rest is saved. docs/decisions/012. Each
// changed value is kept in the history; an unchanged value written against an older master
// revision is confirmed as current (docs/decisions/038).

type SaveInput = {
  languages: Record<string, [string, Record<string, string>]>
  changes: Record<string, string[]>
  pid2trus: Record<string, string[]>
  base: Record<string, Record<string, string | null>>
}

type Change = { code: string; key: string; value: string; base: string | null | undefined }

const MAX_LISTED = 10

/**
 * `kinds`: where the keys are looked up — the one kind a caller named, or every kind the path
 * serves (the spec's payload names none: each key is found in the one kind that has it).
 */
export async function saveTexts(db: Db, caller: Caller, kinds: ReadonlyArray<TextKind>, input: SaveInput, nowMs: number, locale: Locale): Promise<SaveData> {
  const changes = collectChanges(input)
  if (changes.length > SAVE_BATCH_LIMIT) {
    throw tooLarge((locale) => m.translation_save_too_many({ limit: SAVE_BATCH_LIMIT }, { locale }))
  }
  await checkLanguages(db, [...new Set(changes.map((change) => change.code))])
  const keys = [...new Set(changes.map((change) => change.key))]
  const found = await textsOf(db, kinds, keys)
  const textIds = new Map([...found].map(([key, text]) => [key, text.id]))
  // A text's length limit comes with its tags (text-flags.ts).
  const tagsOf = new Map([...found].map(([key, text]) => [key, text.tags]))
  // Article texts are saved only through their units (pid2trus), whichever way the kind was found.
  const unitKeys = keys.filter((key) => found.get(key)?.kind === 'article_unit')
  if (unitKeys.length > 0 || (kinds.length === 1 && kinds[0] === 'article_unit')) await checkUnits(db, input.pid2trus, unitKeys)

  const result = await db.transaction(async (tx) => {
    // Lock the texts, so two saves of the same text run one after the other and the second
    // sees the first's stamp.
    if (textIds.size > 0) {
      await tx
        .select({ id: texts.id })
        .from(texts)
        .where(inArray(texts.id, [...textIds.values()]))
        .for('update')
    }
    const current = await currentValues(tx, [...textIds.values()], [...new Set(changes.map((change) => change.code))])
    const revisions = await tx
      .select({ id: texts.id, revision: texts.revision })
      .from(texts)
      .where(inArray(texts.id, [...textIds.values()]))
    const revisionOf = new Map(revisions.map((row) => [row.id, row.revision]))
    const sources = await masterValues(tx, [...textIds.values()])
    const glossaries = await masterGlossaries(tx, [...new Set(changes.map((change) => change.code))])
    const saved: SaveData['saved'] = {}
    const issues: SaveData['issues'] = {}
    const conflicts: SaveConflict[] = []
    const upserts: NewTranslation[] = []
    const removals: Array<{ code: string; textId: number }> = []
    const actor = caller.actorUserId ?? caller.userId
    // Every value that changes is kept in the history, with who and when (decision 038).
    const author = await authorOf(tx, actor)
    const history: NewTranslationHistoryEntry[] = []
    for (const change of changes) {
      const textId = textIds.get(change.key)!
      const now = current.get(`${textId}\u0000${change.code}`)
      const nowStamp = now ? now.updatedAt.toISOString() : null
      const nowValue = now?.value ?? ''
      if (change.base !== undefined && change.base !== nowStamp && nowValue !== change.value) {
        conflicts.push({
          language: change.code,
          key: change.key,
          base: change.base,
          yours: change.value,
          theirs: { value: now?.value ?? null, stamp: nowStamp, by: now?.by ?? null, username: now?.username ?? null },
        })
        continue
      }
      const savedIn = (saved[change.code] ??= {})
      const revision = revisionOf.get(textId) ?? 1
      const entry = { textId, languageCode: change.code, before: now?.value ?? null, revision, ...author }
      if (nowValue === change.value && now && now.revision < revision) {
        // The same value saved against a newer master text confirms it: it is current again,
        // with a new stamp, and the history keeps the confirmation (before = after).
        const stamp = new Date(Math.max(nowMs, now.updatedAt.getTime() + 1))
        upserts.push({ textId, languageCode: change.code, value: change.value, revision, updatedByUserId: actor, updatedAt: stamp })
        history.push({ ...entry, after: change.value, at: stamp })
        savedIn[change.key] = stamp.toISOString()
      } else if (nowValue === change.value) {
        savedIn[change.key] = nowStamp
      } else if (change.value === '') {
        removals.push({ code: change.code, textId })
        savedIn[change.key] = null
        history.push({ ...entry, after: null, at: new Date(nowMs) })
      } else {
        // A stamp is never reused for a row, so a base always names one value.
        const stamp = new Date(Math.max(nowMs, (now?.updatedAt.getTime() ?? 0) + 1))
        upserts.push({ textId, languageCode: change.code, value: change.value, revision, updatedByUserId: actor, updatedAt: stamp })
        history.push({ ...entry, after: change.value, at: stamp })
        savedIn[change.key] = stamp.toISOString()
      }
      // The same checks as the translator's screen, against the master text (German) and the glossary (decision 037).
      const source = sources.get(textId)
      const maxLength = maxLengthOf(tagsOf.get(change.key) ?? [])
      const found =
        source === undefined
          ? []
          : checkTranslation(source, change.value, {
              sourceLanguage: 'master',
              targetLanguage: change.code,
              glossary: glossaries.get(change.code),
              ...(maxLength !== undefined ? { maxLength } : {}),
            })
      if (found.length > 0) (issues[change.code] ??= {})[change.key] = found
    }
    await upsertTranslations(tx, upserts)
    for (const code of new Set(removals.map((removal) => removal.code))) {
      const ids = removals.filter((removal) => removal.code === code).map((removal) => removal.textId)
      await tx.delete(translations).where(and(eq(translations.languageCode, code), inArray(translations.textId, ids)))
    }
    await recordHistory(tx, history)
    return { saved, issues, conflicts }
  })
  if (result.conflicts.length === 0) {
    // Counts per language, never the texts (decision 053).
    noteActivity({ target: kinds.join(', '), details: { saved: countsPerLanguage(result.saved) } })
    return { ...result, error: null }
  }
  const count = result.conflicts.length
  const text: LocalizedText = (locale) => m.translation_save_conflicts({ count }, { locale })
  throw new ApiError(409, [text], { ...result, error: text(locale) })
}

/** Every changed key with its new value and base; a key without a value is refused. */
function collectChanges(input: SaveInput): Change[] {
  const changes: Change[] = []
  const problems: LocalizedText[] = []
  for (const [code, keys] of Object.entries(input.changes)) {
    const values = input.languages[code]?.[1] ?? {}
    for (const key of new Set(keys)) {
      const value = values[key]
      if (value === undefined) {
        problems.push((locale) => m.translation_save_missing_value({ key, code }, { locale }))
        continue
      }
      changes.push({ code, key, value, base: input.base[code]?.[key] })
    }
  }
  if (problems.length > 0) throw invalidInput(listed(problems))
  return changes
}

function listed(problems: LocalizedText[]): LocalizedText[] {
  if (problems.length <= MAX_LISTED) return problems
  const more = problems.length - MAX_LISTED
  return [...problems.slice(0, MAX_LISTED), (locale) => m.translation_more_problems({ count: more }, { locale })]
}

async function checkLanguages(db: Db, codes: string[]) {
  if (codes.length === 0) return
  const known = await db.select({ code: translationLanguages.code, isMaster: translationLanguages.isMaster }).from(translationLanguages)
  const byCode = new Map(known.map((language) => [language.code, language]))
  for (const code of codes) {
    const language = byCode.get(code)
    if (!language) throw badRequest((locale) => m.translation_unknown_language({ code }, { locale }))
    if (language.isMaster) throw badRequest((locale) => m.translation_save_master({}, { locale }))
  }
}

type FoundText = { id: number; kind: TextKind; tags: string[] }

/** Each key's text among `kinds`; a key that is in none, or in more than one, is refused. */
async function textsOf(db: Db, kinds: ReadonlyArray<TextKind>, keys: string[]): Promise<Map<string, FoundText>> {
  const found = new Map<string, FoundText>()
  const ambiguous = new Set<string>()
  for (let start = 0; start < keys.length; start += 1000) {
    const rows = await db
      .select({ id: texts.id, key: texts.key, kind: texts.kind, tags: texts.tags })
      .from(texts)
      .where(and(inArray(texts.kind, [...kinds]), inArray(texts.key, keys.slice(start, start + 1000))))
    for (const row of rows) {
      if (found.has(row.key)) ambiguous.add(row.key)
      found.set(row.key, { id: row.id, kind: row.kind, tags: row.tags })
    }
  }
  const unknown = keys.filter((key) => !found.has(key))
  if (unknown.length > 0) throw invalidInput(listed(unknown.map((key) => (locale) => m.translation_unknown_text({ key }, { locale }))))
  if (ambiguous.size > 0) {
    const kindList = kinds.join(', ')
    throw invalidInput(listed([...ambiguous].map((key) => (locale) => m.translation_save_kind_ambiguous({ key, kinds: kindList }, { locale }))))
  }
  return found
}

/** Article texts must name their article and units, and every key must be one of those units' texts. */
async function checkUnits(db: Db, pid2trus: Record<string, string[]>, keys: string[]) {
  const named = Object.entries(pid2trus).filter(([, tids]) => tids.length > 0)
  if (keys.length > 0 && named.length === 0) throw badRequest((locale) => m.translation_save_units_needed({}, { locale }))
  const covered = new Set<string>()
  for (const [articleKey, tids] of named) {
    const articleId = Number(articleKey)
    const [node] = await db
      .select({ id: catalogueNodes.id })
      .from(catalogueNodes)
      .where(and(eq(catalogueNodes.id, articleId), eq(catalogueNodes.kind, 'article')))
    if (!node) throw notFound((locale) => m.translation_article_not_found({}, { locale }))
    const rows = await db
      .select({ tid: articleUnits.tid, key: texts.key, props: articleUnits.props })
      .from(articleUnits)
      .leftJoin(texts, eq(texts.id, articleUnits.textId))
      .where(and(eq(articleUnits.articleId, articleId), inArray(articleUnits.tid, [...new Set(tids)])))
    const found = new Set(rows.map((row) => row.tid))
    const missing = [...new Set(tids)].filter((tid) => !found.has(tid))
    if (missing.length > 0) {
      throw invalidInput(listed(missing.map((tid) => (locale) => m.translation_unknown_unit({ article: articleId, tid }, { locale }))))
    }
    for (const row of rows) {
      if (row.key) covered.add(row.key)
      for (const option of row.props.options ?? []) covered.add(option)
    }
  }
  const outside = keys.filter((key) => !covered.has(key))
  if (outside.length > 0) {
    throw invalidInput(listed(outside.map((key) => (locale) => m.translation_save_key_not_in_units({ key }, { locale }))))
  }
}

type Current = { value: string; revision: number; updatedAt: Date; by: string | null; username: string | null }

/** Each text's master text (the source the checks compare with), where it has one. */
async function masterValues(db: Db, textIds: number[]): Promise<Map<number, string>> {
  if (textIds.length === 0) return new Map()
  const rows = await db
    .select({ textId: translations.textId, value: translations.value })
    .from(translations)
    .innerJoin(translationLanguages, and(eq(translationLanguages.code, translations.languageCode), eq(translationLanguages.isMaster, true)))
    .where(inArray(translations.textId, textIds))
  return new Map(rows.filter((row) => row.value !== '').map((row) => [row.textId, row.value]))
}

async function currentValues(db: Db, textIds: number[], codes: string[]): Promise<Map<string, Current>> {
  const byKey = new Map<string, Current>()
  if (textIds.length === 0 || codes.length === 0) return byKey
  const rows = await db
    .select({
      textId: translations.textId,
      code: translations.languageCode,
      value: translations.value,
      revision: translations.revision,
      updatedAt: translations.updatedAt,
      email: users.email,
      name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
    })
    .from(translations)
    .leftJoin(users, eq(users.id, translations.updatedByUserId))
    .where(and(inArray(translations.textId, textIds), inArray(translations.languageCode, codes)))
  for (const row of rows) {
    // An empty value is no translation: its base is null, as the reads answer it.
    if (row.value === '') continue
    const by = row.email ? (row.name ? `${row.name} (${row.email})` : row.email) : null
    byKey.set(`${row.textId}\u0000${row.code}`, { value: row.value, revision: row.revision, updatedAt: row.updatedAt, by, username: row.email })
  }
  return byKey
}

export const save = implement(saveEndpoint, async ({ db, caller: known, nowMs, locale, input: { body } }) => {
  return saveTexts(db, known, body.kind ? [body.kind] : SAVE_KINDS, body, nowMs, locale)
})

export const vartextSave = implement(vartextSaveEndpoint, async ({ db, caller: known, nowMs, locale, input: { body } }) => {
  return saveTexts(db, known, ['vartext'], body, nowMs, locale)
})
