import { setImmediate as nextTurn } from 'node:timers/promises'
import { TEXT_VALUE_MAX } from '../../../contract/translation-save'
import { portalLanguageOf } from '../../../domain/tmx-language'
import { translationMemoryUnits, type NewTranslationMemoryUnit } from '../../db/schema/index'
import { allowLongJob } from '../../db/bounds.server'
import type { Db } from '../../db/types'
import type { TmxUnit } from './tmx-read.server'

// A TMX file's units into the shared memory (docs/decisions/049, "TMX and the shared memory"),
// all or nothing in one transaction. A unit holds one segment per language; every ordered pair
// of its portal languages becomes a memory unit (a unit in German, English and French serves
// de → en, en → fr, fr → de and the rest), except into the master texts, which are never a
// translation's target. A unit the memory has (same pair, same source and target) is counted
// as known, not stored twice (the unique index decides, so two imports at once cannot double one).

/** Rows per INSERT: 9 columns stay far below PostgreSQL's 65,535 parameters. */
const INSERT_ROWS = 1_000

export type TmxCounts = { added: number; known: number; ignored: number; pairs: Array<[string, string]> }

type Options = { codes: ReadonlyArray<string>; origin: string; importer: number; nowMs: number }

/** The memory rows of one TMX unit; none when it has no two portal languages with text. */
function rowsOf(unit: TmxUnit, { codes, origin, importer, nowMs }: Options): NewTranslationMemoryUnit[] {
  // The first segment of a language counts (de-DE and de-AT in one unit are both German).
  const byCode = new Map<string, TmxUnit['variants'][number]>()
  for (const variant of unit.variants) {
    const code = portalLanguageOf(variant.tag, codes)
    if (code === null || byCode.has(code) || variant.text.trim() === '' || variant.text.length > TEXT_VALUE_MAX) continue
    byCode.set(code, variant)
  }
  const rows: NewTranslationMemoryUnit[] = []
  for (const [src, source] of byCode) {
    for (const [dst, target] of byCode) {
      if (src === dst || dst === 'master') continue
      rows.push({
        sourceLanguageCode: src,
        targetLanguageCode: dst,
        source: source.text,
        target: target.text,
        origin,
        // The target segment's own stamps, else the unit's.
        createdAt: target.createdAt ?? unit.createdAt,
        changedAt: target.changedAt ?? unit.changedAt,
        createdBy: target.createdBy ?? unit.createdBy,
        importedByUserId: importer,
        importedAt: new Date(nowMs),
      })
    }
  }
  return rows
}

export async function storeTmxUnits(db: Db, units: ReadonlyArray<TmxUnit>, options: Options): Promise<TmxCounts> {
  const rows: NewTranslationMemoryUnit[] = []
  let ignored = 0
  const pairs = new Map<string, [string, string]>()
  for (const unit of units) {
    const found = rowsOf(unit, options)
    if (found.length === 0) ignored++
    for (const row of found) {
      rows.push(row)
      pairs.set(`${row.sourceLanguageCode}\u0000${row.targetLanguageCode}`, [row.sourceLanguageCode, row.targetLanguageCode])
    }
  }
  const added = await db.transaction(async (tx) => {
    // A large memory file is a long job (decision 050).
    await allowLongJob(tx)
    let count = 0
    for (let at = 0; at < rows.length; at += INSERT_ROWS) {
      if (at > 0) await nextTurn()
      const inserted = await tx
        .insert(translationMemoryUnits)
        .values(rows.slice(at, at + INSERT_ROWS))
        .onConflictDoNothing()
        .returning({ id: translationMemoryUnits.id })
      count += inserted.length
    }
    return count
  })
  const sorted = [...pairs.values()].sort(([a1, a2], [b1, b2]) => a1.localeCompare(b1) || a2.localeCompare(b2))
  return { added, known: rows.length - added, ignored, pairs: sorted }
}
