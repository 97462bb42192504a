import { sql } from 'drizzle-orm'
import { TransactionRollbackError } from 'drizzle-orm/errors'
import { z } from 'zod'
import type { Locale } from '../../../contract/envelope'
import { PRICE_UPLOAD_PREVIEW_ROWS, isDryRun, priceUploadEndpoint, priceUploadPreviewRow, type PriceUploadData } from '../../../contract/price-upload'
import { m } from '../../../paraglide/messages'
import type { Caller } from '../../auth/caller.server'
import { auditLog, priceLogs } from '../../db/schema/index'
import { allowLongJob } from '../../db/bounds.server'
import type { Db } from '../../db/types'
import { forbidden } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'
import { timeJob } from '../../ops/jobs.server'
import { inspectCsv } from './csv-inspect.server'
import { fileProblemText } from './upload-file-problem.server'
import { readHeader } from './upload-header.server'
import { UploadProblems } from './upload-problems.server'
import { PRICE_LOG_BLOCK_LINES } from './log-blocks.server'
import { stageRows } from './upload-stage.server'
import { noteActivity } from '../../activity/record.server'

// POST /vue/price/upload/: a CSV price list, checked whole and applied in one transaction
// (README "Price list upload (CSV)"; docs/decisions/015). The file streams from its spool
// file into a temporary staging table in batches; comparing with the price list and applying
// are set-based SQL, so a million rows never sit in memory or go one statement at a time.

class DryRun extends Error {}

export const priceUpload = implement(priceUploadEndpoint, async ({ db, caller: known, locale, input }) => {
  // The price list is the supplier's: staff of other companies never change it.
  if (!known.companyIsRoot) throw forbidden((l) => m.price_upload_supplier_only({}, { locale: l }))
  const problems = new UploadProblems(locale)
  const file = input.body.prices
  const dryRun = isDryRun(input.query, input.body)
  const shape = await inspectCsv(file.path)
  if (shape.kind === 'empty') throw problems.fatal(null, m.price_upload_empty({}, { locale }))
  if (shape.kind === 'binary') throw problems.fatal(null, m.price_upload_not_csv({}, { locale }))
  if (shape.kind === 'refused') throw problems.fatal(null, fileProblemText(shape.problem, locale))
  const header = readHeader(shape.headerLine, shape.delimiter, problems)
  if (!header) throw problems.refusal()

  let answer: PriceUploadData | null = null
  // Staging, checking and (unless a dry run) applying, timed as a job (portal_job_duration_seconds).
  await timeJob(dryRun ? 'price_check' : 'price_apply', async () => {
    try {
      await db.transaction(async (tx) => {
        // A million-row file takes longer than a request's statement bound (decision 050).
        await allowLongJob(tx)
        const { rows, duplicates } = await stageRows(tx, file.path, shape, header, problems)
        if (rows === 0 && !problems.any()) problems.add(null, null, m.price_upload_no_rows({}, { locale }))
        // Named by SQL only when staging saw a key hash twice (duplicate-watch.server.ts).
        if (duplicates.mayRepeat()) await findDuplicates(tx, problems, locale)
        if (problems.any()) throw problems.refusal()
        await classify(tx)
        // Applied, the writes count the changed and new rows themselves; a dry run counts them.
        const applied = dryRun ? null : await apply(tx, known)
        const counts = applied?.counts ?? (await countStates(tx))
        const unchanged = rows - counts.changed - counts.new
        const preview = counts.changed > 0 ? await previewChanged(tx) : []
        const logId = applied?.logId ?? null
        answer = { dry_run: dryRun, rows, ...counts, unchanged, encoding: shape.encoding, delimiter: shape.delimiter, preview, log_id: logId }
        // A dry run does everything but keep it.
        if (dryRun) throw new DryRun()
      })
    } catch (error) {
      if (!(error instanceof DryRun || error instanceof TransactionRollbackError)) throw error
    }
  })
  if (!answer) throw new Error('price upload finished without an answer')
  const done: PriceUploadData = answer
  // Counts, never rows (decision 053); a dry run changes nothing and says so.
  noteActivity({
    target: done.log_id === null ? file.name : `price log ${done.log_id}`,
    details: { dry_run: done.dry_run, rows: done.rows, changed: done.changed, new: done.new, unchanged: done.unchanged },
  })
  return done
})

const duplicateRow = z.object({
  article_uid: z.string(),
  article_type: z.string(),
  customer_number: z.string().nullable(),
  first: z.coerce.number(),
  second: z.coerce.number(),
  lines: z.string(),
})

async function findDuplicates(tx: Db, problems: UploadProblems, locale: Locale): Promise<void> {
  if (problems.any()) return
  const result = await tx.execute(sql`
    select article_uid, article_type, min(customer_number) as customer_number, min(line) as first,
           (array_agg(line order by line))[2] as second, string_agg(line::text, ', ' order by line) as lines
      from price_upload
     group by article_uid, article_type, coalesce(customer_number, '')
    having count(*) > 1
     order by min(line)
     limit ${problems.room()}`)
  for (const row of z.object({ rows: z.array(duplicateRow) }).parse(result).rows) {
    const customer = row.customer_number ? m.price_upload_duplicate_customer({ customer: row.customer_number }, { locale }) : ''
    const text = m.price_upload_duplicate(
      { line: String(row.second), article: row.article_uid, type: row.article_type, customer, lines: row.lines },
      { locale },
    )
    problems.add(row.second, 'article_uid', text)
  }
}

/**
 * Each staged row that changes the list — new, or a changed price, currency or date — with the
 * entry it replaces. Unchanged rows are left out (the upload's answer counts them as the rest).
 */
async function classify(tx: Db): Promise<void> {
  await tx.execute(sql`
    create temp table price_upload_classified on commit drop as
    select s.*, e.price as old_price, case when e.price is null then 'new' else 'changed' end as state
      from price_upload s
      left join price_list_entries e
        on e.article_uid = s.article_uid and e.article_type = s.article_type
       and e.customer_number = coalesce(s.customer_number, '')
     where e.price is null
        or not coalesce(e.price = s.price and e.currency = s.currency and e.valid_from is not distinct from s.valid_from, false)`)
}

type Counts = { changed: number; new: number }

async function countStates(tx: Db): Promise<Counts> {
  const result = await tx.execute(sql`
    select count(*) filter (where state = 'changed')::int as changed, count(*) filter (where state = 'new')::int as new
      from price_upload_classified`)
  const counts = z.object({ changed: z.coerce.number(), new: z.coerce.number() })
  return z.object({ rows: z.array(counts).length(1) }).parse(result).rows[0]!
}

/** The rows a write touched, as node-postgres (rowCount) and PGlite (affectedRows) report them. */
const written = z.union([
  z.object({ rowCount: z.number() }).transform((r) => r.rowCount),
  z.object({ affectedRows: z.number() }).transform((r) => r.affectedRows),
])

// The contract's row; the database hands the line number over as text.
const previewRow = priceUploadPreviewRow.extend({ line: z.coerce.number().int() })

async function previewChanged(tx: Db): Promise<PriceUploadData['preview']> {
  const result = await tx.execute(sql`
    select line, article_uid, article_type, customer_number, old_price::text as old_price, price::text as new_price, currency
      from price_upload_classified where state = 'changed' order by line limit ${PRICE_UPLOAD_PREVIEW_ROWS}`)
  return z.object({ rows: z.array(previewRow) }).parse(result).rows
}

/** Writes the changed and new prices and the price log; answers their counts and the log's id (none when nothing changed). */
async function apply(tx: Db, caller: Caller): Promise<{ counts: Counts; logId: number | null }> {
  const realActor = caller.actorUserId ?? caller.userId
  const updated = await tx.execute(sql`
    update price_list_entries e
       set price = c.price, currency = c.currency, valid_from = c.valid_from, updated_at = now()
      from price_upload_classified c
     where c.state = 'changed' and e.article_uid = c.article_uid and e.article_type = c.article_type
       and e.customer_number = coalesce(c.customer_number, '')`)
  const inserted = await tx.execute(sql`
    insert into price_list_entries (article_uid, article_type, customer_number, price, currency, valid_from)
    select article_uid, article_type, coalesce(customer_number, ''), price, currency, valid_from
      from price_upload_classified where state = 'new'`)
  const counts = { changed: written.parse(updated), new: written.parse(inserted) }
  if (counts.changed + counts.new === 0) return { counts, logId: null }
  // The log names one article only when the upload changed exactly one.
  const single = await tx.execute(sql`
    select article_uid, article_type, price::text as price from price_upload_classified limit 2`)
  const changed = z.object({ rows: z.array(z.object({ article_uid: z.string(), article_type: z.string(), price: z.string() })) }).parse(single).rows
  const only = changed.length === 1 ? changed[0]! : null
  const [log] = await tx
    .insert(priceLogs)
    .values({
      kind: 'upload',
      contactUserId: realActor,
      articleUid: only?.article_uid ?? null,
      articleType: only?.article_type ?? null,
      price: only?.price ?? null,
    })
    .returning({ id: priceLogs.id })
  if (!log) throw new Error('price log not written')
  const BLOCK = sql.raw(String(PRICE_LOG_BLOCK_LINES))
  // The log's rows, a thousand lines of the file to a block (price_log_row_blocks in the schema).
  // A block's arrays are parallel — one aggregation feeds the same rows to all five in the same
  // order — but not sorted: the log detail orders what it reads by line (log-blocks.server.ts),
  // and five sorts per block were 0.4–0.5 s of a million-row apply (decision 033). With the default
  // 4 MB of work memory the grouping sorted a million rows on disk first; with enough it groups
  // them in one pass (0.49 → 0.34 s for a million rows).
  await tx.execute(sql`set local work_mem = '64MB'`)
  await tx.execute(sql`
    insert into price_log_row_blocks (price_log_id, block, count, lines, types, item_numbers, prices, oprices)
    select ${log.id}, line / ${BLOCK}, count(*)::int, array_agg(line), array_agg(article_type),
           array_agg(article_uid), array_agg(price), array_agg(old_price)
      from price_upload_classified
     group by line / ${BLOCK}`)
  await tx.execute(sql`reset work_mem`)
  await tx.insert(auditLog).values({
    actorUserId: realActor,
    actingAsUserId: realActor === caller.userId ? null : caller.userId,
    action: 'price_upload',
    entity: 'price_log',
    entityId: String(log.id),
    details: {},
  })
  return { counts, logId: log.id }
}
