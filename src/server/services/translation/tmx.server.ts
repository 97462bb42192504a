import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { appConfig } from '../../../../app.config'
import { tmxExportEndpoint, tmxImportEndpoint } from '../../../contract/tmx'
import { tmxLines, type TmxOutUnit } from '../../../domain/tmx-write'
import { texts, translationHistory, translations, users } from '../../db/schema/index'
import type { Db } from '../../db/types'
import { ApiError, badRequest } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'
import { timeJob } from '../../ops/jobs.server'
import { parseTmx } from './tmx-read.server'
import { storeTmxUnits } from './tmx-store.server'
import { checkPair, portalLanguages } from './tmx-languages.server'
import { decodeXml } from './xml-encoding.server'
import { noteActivity } from '../../activity/record.server'

// /vue/i18n/tmx/: the portal's translations out as TMX 1.4b, and TMX files in as the team's
// shared memory (docs/decisions/049, "TMX and the shared memory").

const exportRow = z.object({
  kind: z.string(),
  key: z.string(),
  source: z.string(),
  target: z.string(),
  changed_at: z.coerce.date(),
  changed_by: z.string().nullable(),
  created_at: z.coerce.date().nullable(),
  created_by: z.string().nullable(),
})
const exportRows = z.object({ rows: z.array(exportRow) })

/** Every text with a value in both languages; created: its first saved change in `dst` (translation_history), else the value's own stamp. */
async function pairUnits(db: Db, src: string, dst: string): Promise<TmxOutUnit[]> {
  const answer = await db.execute(sql`
    select t.kind, t.key, s.value as source, d.value as target, d.updated_at as changed_at, u.email as changed_by,
           first.at as created_at, first.by_username as created_by
    from ${texts} t
    join ${translations} s on s.text_id = t.id and s.language_code = ${src} and s.value <> ''
    join ${translations} d on d.text_id = t.id and d.language_code = ${dst} and d.value <> ''
    left join ${users} u on u.id = d.updated_by_user_id
    left join lateral (
      select h.at, h.by_username from ${translationHistory} h
      where h.text_id = t.id and h.language_code = ${dst}
      order by h.at asc, h.id asc limit 1
    ) first on true
    order by t.kind, t.key`)
  return exportRows.parse(answer).rows.map((row) => ({
    tuid: row.key,
    kind: row.kind,
    source: row.source,
    target: row.target,
    createdAt: row.created_at ?? row.changed_at,
    createdBy: row.created_by ?? row.changed_by,
    changedAt: row.changed_at,
    changedBy: row.changed_by,
  }))
}

export const tmxExport = implement(tmxExportEndpoint, async ({ db, nowMs, input: { query } }) => {
  const { src, dst } = query
  await checkPair(db, src, dst)
  const units = await pairUnits(db, src, dst)
  const header = { tool: 'B2B Portal', toolVersion: appConfig.version, src, dst, adminLang: 'en', createdAt: new Date(nowMs) }
  return { file_name: `translations-${src}-${dst}.tmx`, units: units.length, tmx: tmxLines(header, units).join('\n') }
})

/** The uploaded file's own name, as the memory shows it ("imported from …"). */
function originOf(name: string): string {
  const plain = basename(name.replaceAll('\\', '/')).trim()
  return plain === '' ? 'upload.tmx' : plain.slice(0, 200)
}

export const tmxImport = implement(tmxImportEndpoint, async ({ db, caller, nowMs, input: { body } }) =>
  timeJob('xml_import', async () => {
    // The spooled file is read once (at most the XML import's limit): decoding needs all of it.
    const decoded = decodeXml(await readFile(body.file.path))
    if (!decoded.ok) throw badRequest(decoded.problem)
    const read = await parseTmx(decoded.text)
    // Not TMX at all: the call does not read such a file (415), as a wrong content type.
    if (!read.ok) throw read.notTmx ? new ApiError(415, [read.problem]) : badRequest(read.problem)
    const origin = originOf(body.file.name)
    const counts = await storeTmxUnits(db, read.units, {
      codes: await portalLanguages(db),
      origin,
      importer: caller.actorUserId ?? caller.userId,
      nowMs,
    })
    // Counts, never the units (decision 053).
    noteActivity({ target: origin, details: counts })
    return { origin, ...counts }
  }),
)
