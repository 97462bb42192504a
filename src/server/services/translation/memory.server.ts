import { and, asc, eq, gt, inArray } from 'drizzle-orm'
import { MEMORY_PAGE, memoryEndpoint } from '../../../contract/tmx'
import { memorySources } from '../../../domain/tmx-language'
import { translationMemoryUnits } from '../../db/schema/index'
import { implement } from '../../endpoint/implement.server'
import { checkPair } from './tmx-languages.server'

// GET /vue/i18n/memory/: the shared memory of a pair in pages by id, for the desks to keep and
// search offline (docs/decisions/049, "TMX and the shared memory"). The master texts are German,
// so the units with a German source serve the master's memory and the master's serve German.

export const memory = implement(memoryEndpoint, async ({ db, input: { query } }) => {
  const { src, dst, after } = query
  await checkPair(db, src, dst)
  const rows = await db
    .select({
      id: translationMemoryUnits.id,
      source: translationMemoryUnits.source,
      target: translationMemoryUnits.target,
      origin: translationMemoryUnits.origin,
    })
    .from(translationMemoryUnits)
    .where(
      and(
        inArray(translationMemoryUnits.sourceLanguageCode, memorySources(src)),
        eq(translationMemoryUnits.targetLanguageCode, dst),
        gt(translationMemoryUnits.id, after),
      ),
    )
    .orderBy(asc(translationMemoryUnits.id))
    .limit(MEMORY_PAGE + 1)
  const units = rows.slice(0, MEMORY_PAGE)
  return { units, next: rows.length > MEMORY_PAGE ? units[units.length - 1]!.id : null }
})
