import { and, eq, inArray } from 'drizzle-orm'
import { TEXT_KINDS_OF, type ReviewKind } from '../../../domain/review-state'
import { m } from '../../../paraglide/messages'
import { texts, translationLanguages } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { badRequest, invalidInput, notFound, type LocalizedText } from '../../endpoint/errors.server'

// What reviews and comments name (docs/decisions/049): a text of an area by its key, in a
// target language. The key is looked up among the area's text kinds (catalog: catalogue labels
// and article texts), as the save looks it up among the kinds it serves.

const MAX_LISTED = 10
const CHUNK = 1000

/** A known language other than master (400 otherwise): reviews and comments belong to a translation. */
export async function checkTargetLanguage(db: Db, code: string): Promise<void> {
  const [language] = await db.select({ isMaster: translationLanguages.isMaster }).from(translationLanguages).where(eq(translationLanguages.code, code))
  if (!language) throw badRequest((locale) => m.translation_unknown_language({ code }, { locale }))
  if (language.isMaster) throw badRequest((locale) => m.translation_team_master({}, { locale }))
}

/** Key → text id of each key in the area; an unknown key, or one in two of its kinds, refuses the call (400). */
export async function areaTexts(db: Db, kind: ReviewKind, keys: ReadonlyArray<string>): Promise<Map<string, number>> {
  const found = new Map<string, number>()
  const ambiguous = new Set<string>()
  for (let start = 0; start < keys.length; start += CHUNK) {
    const rows = await db
      .select({ id: texts.id, key: texts.key })
      .from(texts)
      .where(and(inArray(texts.kind, [...TEXT_KINDS_OF[kind]]), inArray(texts.key, keys.slice(start, start + CHUNK))))
    for (const row of rows) {
      if (found.has(row.key)) ambiguous.add(row.key)
      found.set(row.key, row.id)
    }
  }
  const unknown = keys.filter((key) => !found.has(key))
  if (unknown.length > 0) throw invalidInput(listed(unknown.map((key) => (locale) => m.translation_unknown_text({ key }, { locale }))))
  if (ambiguous.size > 0) throw invalidInput(listed([...ambiguous].map((key) => ambiguousText(kind, key))))
  return found
}

/** The id of one text of the area: 404 for an unknown key, 400 for one in two of its kinds. */
export async function areaText(db: Db, kind: ReviewKind, key: string): Promise<number> {
  const rows = await db
    .select({ id: texts.id })
    .from(texts)
    .where(and(inArray(texts.kind, [...TEXT_KINDS_OF[kind]]), eq(texts.key, key)))
    .limit(2)
  const [text] = rows
  if (!text) throw notFound((locale) => m.translation_unknown_text({ key }, { locale }))
  if (rows.length > 1) throw badRequest(ambiguousText(kind, key))
  return text.id
}

/** "name (e-mail)", the e-mail where the name is none or the e-mail itself; null without an e-mail. */
export function shownAuthor(name: string | null, username: string | null): string | null {
  if (username === null) return name
  return name && name !== username ? `${name} (${username})` : username
}

function ambiguousText(kind: ReviewKind, key: string): LocalizedText {
  const kinds = TEXT_KINDS_OF[kind].join(', ')
  return (locale) => m.translation_save_kind_ambiguous({ key, kinds }, { locale })
}

function listed(problems: LocalizedText[]): LocalizedText[] {
  if (problems.length <= MAX_LISTED) return problems
  const more = problems.length - MAX_LISTED
  return [...problems.slice(0, MAX_LISTED), (locale) => m.translation_more_problems({ count: more }, { locale })]
}
