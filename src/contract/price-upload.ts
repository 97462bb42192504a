import { z } from 'zod'
import { appConfig } from '../../app.config'
import { NO_PARAMS, defineEndpoint, spooledFile } from './endpoint'

// Price list upload: a CSV file replaces price-list entries row by row. Format in
// the README ("Price list upload (CSV)"); why it is built this way in docs/decisions/015.

/** The most problems a refused upload lists in data.problems (messages holds the first 20). */
export const PRICE_UPLOAD_MAX_PROBLEMS = 1000
export const PRICE_UPLOAD_MAX_MESSAGES = 20
/** How many changed rows an answer previews. */
export const PRICE_UPLOAD_PREVIEW_ROWS = 20

// A dry run checks and counts but changes nothing. It is asked for (dry_run=1, in the query or
// as a form field); the spec's call — just the file — applies the list.
const dryRunFlag = z.enum(['0', '1']).optional()

export const priceUploadQuery = z.object({ dry_run: dryRunFlag })
export const priceUploadBody = z.object({ prices: spooledFile, dry_run: dryRunFlag })

/** Either place asking for a dry run makes it one: a conflicting pair never applies a list. */
export function isDryRun(query: z.output<typeof priceUploadQuery>, body: z.output<typeof priceUploadBody>): boolean {
  return query.dry_run === '1' || body.dry_run === '1'
}

export const priceUploadPreviewRow = z.object({
  line: z.number().int(),
  article_uid: z.string(),
  article_type: z.string(),
  customer_number: z.string().nullable(),
  old_price: z.string(),
  new_price: z.string(),
  currency: z.string(),
})

export const priceUploadData = z.object({
  dry_run: z.boolean(),
  rows: z.number().int(),
  changed: z.number().int(),
  new: z.number().int(),
  unchanged: z.number().int(),
  encoding: z.enum(['utf-8', 'windows-1252']),
  delimiter: z.enum([';', ',']),
  preview: z.array(priceUploadPreviewRow),
  log_id: z.number().int().nullable(),
})
export type PriceUploadData = z.infer<typeof priceUploadData>

/** data of a refused upload (HTTP 400): what is wrong, in file order, and how many rows are bad. */
export const priceUploadProblems = z.object({
  problems: z.array(z.object({ line: z.number().int().nullable(), column: z.string().nullable(), message: z.string() })).max(PRICE_UPLOAD_MAX_PROBLEMS),
  bad_rows: z.number().int(),
})
export type PriceUploadProblems = z.infer<typeof priceUploadProblems>

export const priceUploadEndpoint = defineEndpoint({
  id: 'priceUpload',
  area: 'prices',
  method: 'POST',
  path: '/vue/price/upload/',
  summary:
    'Replaces price-list entries from a CSV file (multipart field "prices", at most 50 MB; format in the README). Applies the list in one transaction and records a price log of kind upload; dry_run=1 (query or form field) checks and counts without changing anything. Any bad row: 400 with every problem by line, and nothing changes.',
  access: { kind: 'permission', permission: 'CAN_UPLOAD' },
  failureData: { 400: priceUploadProblems },
  params: NO_PARAMS,
  query: priceUploadQuery,
  body: priceUploadBody,
  data: priceUploadData,
  multipart: { limitBytes: appConfig.limits.priceUploadBytes, spool: true },
})
