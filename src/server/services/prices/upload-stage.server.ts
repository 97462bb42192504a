import { sql } from 'drizzle-orm'
import type { Locale } from '../../../contract/envelope'
import { m } from '../../../paraglide/messages'
import { copyLines, copyTargetOf, copyWriter, type CopyWriter } from '../../db/copy.server'
import type { Db } from '../../db/types'
import { CSV_MAX_LINE_BYTES } from './csv-line-check.server'
import { CSV_MAX_CELLS, CsvReadError, PARSE_CHUNK, readCsvRecords, type CsvRecord } from './csv-rows.server'
import { DuplicateWatch } from './duplicate-watch.server'
import { lineCells, plainLines } from './plain-csv.server'
import { CopyBytes, KeyBytes, byteLayout, quickCopyBytes } from './quick-copy-bytes.server'
import type { HeaderColumns } from './upload-header.server'
import type { UploadProblems } from './upload-problems.server'
import { checkRow, quickCopyLine, type UploadRow } from './upload-row.server'

// The first step of a price upload (upload.server.ts): the file's records, checked row by row,
// into a temporary staging table in batches — by one open COPY where the database offers it.
// Rows per write: on PostgreSQL a thousand — their COPY text leaves the JavaScript heap at once
// instead of piling up as strings that survive collection after collection (decision 033); on
// PGlite each write is a statement of its own.
const BATCH_ROWS = { postgres: 1_000, pglite: 5_000 } as const
const STAGED_COLUMNS = ['line', 'article_uid', 'article_type', 'customer_number', 'price', 'currency', 'valid_from'] as const

export type Staged = { rows: number; duplicates: DuplicateWatch }
type Shape = Parameters<typeof readCsvRecords>[1]

/** Checks each record and writes the good ones to the staging table; answers the row count. */
export async function stageRows(tx: Db, path: string, shape: Shape, header: HeaderColumns, problems: UploadProblems): Promise<Staged> {
  await tx.execute(sql`
    create temp table price_upload (
      line integer not null, article_uid text not null, article_type text not null,
      customer_number text, price numeric(12,4) not null, currency text not null, valid_from date
    ) on commit drop`)
  const target = copyTargetOf(tx)
  // On PostgreSQL one COPY stays open while the file is read: the database stages a batch while
  // the next one is parsed (decision 033).
  const staging = new Staging(tx, target ? copyWriter(target, 'price_upload', STAGED_COLUMNS) : null, header, problems, BATCH_ROWS[target?.kind ?? 'pglite'])
  try {
    if (shape.plain) await stagePlain(staging, path, shape)
    else for await (const records of readCsvRecords(path, shape)) await staging.records(records)
    if (!problems.any()) await staging.flush()
  } catch (error) {
    if (!(error instanceof CsvReadError)) {
      await staging.writer?.end().catch(() => undefined)
      throw error
    }
    problems.add(error.line, null, readErrorText(error, problems.locale))
  }
  await staging.writer?.end()
  return { rows: staging.rows, duplicates: staging.duplicates }
}

/**
 * A plain file, a slice of lines at a time: an ASCII line written as nearly every line is goes
 * from its bytes straight to COPY text (quickCopyBytes); any other is decoded and read as a record.
 */
async function stagePlain(staging: Staging, path: string, shape: Shape): Promise<void> {
  const layout = staging.writer ? byteLayout(staging.header, shape.delimiter) : null
  const decoder = shape.encoding === 'utf-8' ? null : new TextDecoder('windows-1252')
  const key = new KeyBytes()
  for await (const lines of plainLines(path, PARSE_CHUNK)) {
    const records: CsvRecord[] = []
    for (let i = 0; i < lines.count; i++) {
      const line = lines.firstLine + i
      // Once the file is known to be refused, the rest is only checked, not staged.
      if (layout && !staging.problems.any() && quickCopyBytes(lines.bytes, lines.starts[i]!, lines.ends[i]!, line, layout, staging.out, key)) {
        staging.duplicates.noteKey(key.bytes, key.length)
        staging.rows += 1
        staging.pending += 1
        continue
      }
      const cells = lineCells(lines, i, shape.delimiter, decoder, CSV_MAX_CELLS + 1)
      if (cells) records.push({ line, cells })
    }
    await staging.records(records)
  }
}

/** Where checked rows go: COPY text for the open COPY, or a batch of rows where there is none. */
class Staging {
  rows = 0
  pending = 0
  readonly out = new CopyBytes()
  readonly duplicates = new DuplicateWatch()
  private batch: UploadRow[] = []
  private readonly note = (uid: string, type: string, customer: string | null) => this.duplicates.note(uid, type, customer)

  constructor(
    private readonly tx: Db,
    readonly writer: CopyWriter | null,
    readonly header: HeaderColumns,
    readonly problems: UploadProblems,
    private readonly batchRows: number,
  ) {}

  /** Reads records (quickCopyLine, else checkRow) and stages the good ones; writes when a batch is full. */
  async records(records: ReadonlyArray<CsvRecord>): Promise<void> {
    for (const record of records) {
      this.rows += 1
      const quick = this.writer && !this.problems.any() ? quickCopyLine(record, this.header, this.note) : null
      if (quick !== null) {
        this.out.writeText(quick)
        this.pending += 1
        continue
      }
      const row = checkRow(record, this.header, this.problems)
      if (!row || this.problems.any()) continue
      this.note(row.article_uid, row.article_type, row.customer_number)
      if (this.writer) this.out.writeText(copyLines([STAGED_COLUMNS.map((column) => row[column])]))
      else this.batch.push(row)
      this.pending += 1
    }
    if (this.pending >= this.batchRows) await this.flush()
  }

  async flush(): Promise<void> {
    if (this.pending === 0) return
    this.pending = 0
    if (this.writer) {
      await this.writer.writeBytes(this.out.take())
      return
    }
    // One JSON parameter per batch where there is no connection of its own to COPY on.
    const batch = this.batch
    this.batch = []
    await this.tx.execute(sql`
      insert into price_upload (line, article_uid, article_type, customer_number, price, currency, valid_from)
      select line, article_uid, article_type, customer_number, price, currency, valid_from
        from json_to_recordset(${JSON.stringify(batch)}::json)
          as r(line integer, article_uid text, article_type text, customer_number text, price numeric, currency text, valid_from date)`)
  }
}

function readErrorText({ line, problem }: CsvReadError, locale: Locale): string {
  if (problem.kind === 'record-too-long') return m.price_upload_record_too_long({ line: String(line), max: String(CSV_MAX_LINE_BYTES / 1024) }, { locale })
  return m.price_upload_malformed({ line: String(line), reason: problem.reason }, { locale })
}
