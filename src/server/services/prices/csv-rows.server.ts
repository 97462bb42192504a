import { createReadStream } from 'node:fs'
import { Readable } from 'node:stream'
import { CsvError, parse, type InfoRecord } from 'csv-parse'
import type { CsvShape } from './csv-inspect.server'
import { CSV_MAX_LINE_BYTES } from './csv-line-check.server'
import { isBlank, plainRecords } from './plain-csv.server'

// Reads a spooled CSV file as it streams from disk, after inspectCsv (csv-inspect.server.ts)
// found its encoding, delimiter and shape: one record at a time with its line number. Nothing
// holds the whole file.

/**
 * Cells a row may have (decision 015): a price list has six columns, and spreadsheets add empty ones
 * up to the widest row they ever held — 256 is old Excel's whole width. A row with more is
 * refused without keeping more than this many of its cells (a batch of rows stays ≈ 10 MB).
 */
export const CSV_MAX_CELLS = 256

// Parsing reads smaller slices: csv-parse handles one slice without a pause, and between
// slices the event loop answers other users' requests (decision 033).
export const PARSE_CHUNK = 64 * 1024
const RECORD_BATCH = 1_000

/** cells: at most CSV_MAX_CELLS + 1 — one more than allowed says the row had too many. */
export type CsvRecord = { line: number; cells: string[] }
/** What stops reading: a row running on past the bound (a quote never closed), or csv-parse's own reason. */
export class CsvReadError extends Error {
  constructor(
    readonly line: number,
    readonly problem: { kind: 'record-too-long' } | { kind: 'malformed'; reason: string },
  ) {
    super(`line ${line}: ${problem.kind}`)
  }
}

/**
 * The file's records after the header, each with the line it starts on, in batches (one
 * await per batch, not per record: a million rows cost seconds otherwise). Rows that are
 * blank or only delimiters, as spreadsheets export trailing rows, are skipped. Throws
 * CsvReadError.
 */
export async function* readCsvRecords(path: string, shape: Extract<CsvShape, { kind: 'text' }>): AsyncGenerator<CsvRecord[]> {
  if (shape.plain) {
    yield* plainRecords(path, shape, PARSE_CHUNK, RECORD_BATCH, CSV_MAX_CELLS + 1)
    return
  }
  // UTF-8 is decoded by the file stream itself; Windows-1252, which Node's streams do not
  // know, by a TextDecoder. A byte-order mark would be on line 1, the header, which is skipped.
  async function* windows1252() {
    const decoder = new TextDecoder('windows-1252')
    for await (const chunk of createReadStream(path, { highWaterMark: PARSE_CHUNK })) {
      yield decoder.decode(chunk as Buffer, { stream: true })
    }
    const rest = decoder.decode()
    if (rest) yield rest
  }
  const source = shape.encoding === 'utf-8' ? createReadStream(path, { highWaterMark: PARSE_CHUNK, encoding: 'utf8' }) : Readable.from(windows1252())
  // The line after the last record: where a record that runs on past the bound started.
  let nextLine = 2
  const parser = source.pipe(
    parse({
      delimiter: shape.delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      from_line: 2,
      // A record (a quoted value may span lines) as long as a line may be: a quote never
      // closed is refused there instead of reading the rest of the file into one value.
      max_record_size: CSV_MAX_LINE_BYTES,
      // The line each record starts on rides on the record's own array (csv-parse's on_record
      // may only answer a string[] without `columns`), without its per-record info object.
      on_record: (cells, context) => {
        nextLine = context.lines + 1
        return markLine(cells, context)
      },
    }),
  )
  let batch: CsvRecord[] = []
  try {
    for await (const cells of parser as AsyncIterable<LinedCells>) {
      batch.push({ line: cells.line, cells })
      if (batch.length >= RECORD_BATCH) {
        yield batch
        batch = []
      }
    }
    if (batch.length > 0) yield batch
  } catch (error) {
    if (!(error instanceof CsvError)) throw error
    if (error.code === 'CSV_MAX_RECORD_SIZE') throw new CsvReadError(nextLine, { kind: 'record-too-long' })
    const line = typeof error.lines === 'number' ? error.lines : 0
    throw new CsvReadError(line, { kind: 'malformed', reason: error.message.replace(/^Invalid [^:]*: /, '') })
  }
}

type LinedCells = string[] & { line: number }

function markLine(cells: string[], context: InfoRecord): LinedCells | null {
  // A row over the bound keeps one cell more than allowed — enough to refuse it, and the batch
  // stays small — and is never skipped as blank (plain-csv.server.ts reads it the same way).
  if (cells.length > CSV_MAX_CELLS) return Object.assign(cells.slice(0, CSV_MAX_CELLS + 1), { line: context.lines })
  return isBlank(cells) ? null : Object.assign(cells, { line: context.lines })
}
