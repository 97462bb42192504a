import { translationLanguages } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { badRequest } from '../../endpoint/errors.server'
import { m } from '../../../paraglide/messages'

// The portal's language codes, and the check that a pair names two of them (the TMX export and
// the shared memory's pages; docs/decisions/049).

export async function portalLanguages(db: Db): Promise<string[]> {
  const rows = await db.select({ code: translationLanguages.code }).from(translationLanguages)
  return rows.map((row) => row.code)
}

/** Both languages exist and differ (400 otherwise). */
export async function checkPair(db: Db, src: string, dst: string): Promise<void> {
  const codes = await portalLanguages(db)
  for (const code of [src, dst]) if (!codes.includes(code)) throw badRequest((locale) => m.translation_unknown_language({ code }, { locale }))
  if (src === dst) throw badRequest((locale) => m.translation_same_language({}, { locale }))
}
