import { z } from 'zod'
import { appConfig } from '../../app.config'
import { NO_BODY, NO_PARAMS, NO_QUERY, defineEndpoint, spooledFile } from './endpoint'
import { languageCode } from './language-code'
import { MAX_RECORD_ID } from './record-id'
import { tmxImportCounts } from './tmx-import-counts'

// Translation memories in and out as TMX 1.4b, and the team's shared memory that every desk's
// memory index reads (docs/decisions/049).

export const tmxExportEndpoint = defineEndpoint({
  id: 'translation.tmxExport',
  area: 'translation',
  method: 'GET',
  path: '/vue/i18n/tmx/',
  summary:
    'Every translation of the pair src → dst (all areas) as a TMX 1.4b document, each unit with its creation and change dates and the user who last changed it; data.tmx is the file, data.file_name a name for it.',
  access: { kind: 'permission', permission: 'CAN_TRANSLATE' },
  params: NO_PARAMS,
  query: z.object({ src: languageCode.default('master'), dst: languageCode }),
  body: NO_BODY,
  data: z.object({ file_name: z.string(), units: z.number().int(), tmx: z.string() }),
})

export const tmxImportEndpoint = defineEndpoint({
  id: 'translation.tmxImport',
  area: 'translation',
  method: 'POST',
  path: '/vue/i18n/tmx/',
  summary:
    'Imports a TMX 1.4 file (multipart field "file") into the shared memory: every unit with a segment in a portal language pair. All or nothing: a file that is not well-formed TMX, too large or hostile imports nothing (400/413/415). Units the memory already has are counted, not doubled.',
  access: { kind: 'permission', permission: 'CAN_TRANSLATE' },
  params: NO_PARAMS,
  query: NO_QUERY,
  body: z.object({ file: spooledFile }),
  data: tmxImportCounts,
  multipart: { limitBytes: appConfig.limits.xmlImportBytes, spool: true },
})

export const memoryUnit = z
  .object({
    id: z.number().int(),
    source: z.string(),
    target: z.string(),
    // The file it was imported from.
    origin: z.string(),
  })
  .meta({ id: 'MemoryUnit' })
export type MemoryUnit = z.infer<typeof memoryUnit>

/** The most units one page of the shared memory holds. */
export const MEMORY_PAGE = 2_000

export const memoryEndpoint = defineEndpoint({
  id: 'translation.memory',
  area: 'translation',
  method: 'GET',
  path: '/vue/i18n/memory/',
  summary: `The shared memory of one pair, by id: units after ?after= (at most ${MEMORY_PAGE}); next is the after= of the following page, null at the end. A desk keeps them to search offline.`,
  access: { kind: 'permission', permission: 'CAN_TRANSLATE' },
  params: NO_PARAMS,
  query: z.object({
    src: languageCode.default('master'),
    dst: languageCode,
    after: z.coerce.number().int().min(0).max(MAX_RECORD_ID).default(0),
  }),
  body: NO_BODY,
  data: z.object({ units: z.array(memoryUnit), next: z.number().int().nullable() }),
})
