import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { CsvError, parse, type InfoRecord } from 'csv-parse'
import { detectDelimiter } from '../../../domain/price-values'
import { PlainCsvCheck, isBlank, plainRecords } from './plain-csv.server'

// Reads a spooled CSV file as it streams from disk: encoding (UTF-8 with or without BOM, else
// Windows-1252), delimiter (from the header line), then one record at a time with its line
// number. Nothing holds the whole file.
export type CsvEncoding = 'utf-8' | 'windows-1252'
/** plain: no quotes and one kind of line break (plain-csv.server.ts), read without csv-parse. */
export type CsvShape =
  { kind: 'empty' } | { kind: 'binary' } | { kind: 'text'; encoding: CsvEncoding; delimiter: ';' | ','; headerLine: string; plain: boolean }

const CHUNK = 1 << 20
// Parsing reads smaller slices: csv-parse handles one slice without a pause, and between
// slices the event loop answers other users' requests (issue 26).
const PARSE_CHUNK = 64 * 1024
const RECORD_BATCH = 1_000

/** One pass over the bytes: NUL bytes mean it is no text file; invalid UTF-8 means Windows-1252. */
export async function inspectCsv(path: string): Promise<CsvShape> {
  const strict = new TextDecoder('utf-8', { fatal: true })
  let utf8 = true
  let sawText = false
  let firstLine = ''
  let firstLineDone = false
  const plain = new PlainCsvCheck()
  const handle = await open(path)
  try {
    const buffer = Buffer.allocUnsafe(CHUNK)
    let position = 0
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK, position)
      if (bytesRead === 0) break
      position += bytesRead
      const bytes = buffer.subarray(0, bytesRead)
      if (bytes.includes(0)) return { kind: 'binary' }
      plain.see(bytes)
      if (!firstLineDone) {
        const end = bytes.indexOf(0x0a)
        firstLine += bytes.subarray(0, end >= 0 ? end : bytes.length).toString('latin1')
        firstLineDone = end >= 0 || firstLine.length > 64 * 1024
      }
      if (utf8) {
        try {
          strict.decode(bytes, { stream: true })
        } catch {
          utf8 = false
        }
      }
      if (!sawText && /[^\s\ufeff\u00bb\u00bf\u00ef]/.test(bytes.toString('latin1'))) sawText = true
    }
    if (utf8) {
      try {
        strict.decode()
      } catch {
        utf8 = false
      }
    }
  } finally {
    await handle.close()
  }
  if (!sawText) return { kind: 'empty' }
  const encoding: CsvEncoding = utf8 ? 'utf-8' : 'windows-1252'
  const headerLine = new TextDecoder(encoding)
    .decode(Buffer.from(firstLine, 'latin1'))
    .replace(/^\ufeff/, '')
    .replace(/\r$/, '')
  return { kind: 'text', encoding, delimiter: detectDelimiter(headerLine) ?? ';', headerLine, plain: plain.plain() }
}

export type CsvRecord = { line: number; cells: string[] }
export type CsvReadError = { line: number; reason: string }

/**
 * The file's records after the header, each with the line it starts on, in batches (one
 * await per batch, not per record: a million rows cost seconds otherwise). Rows that are
 * blank or only delimiters, as spreadsheets export trailing rows, are skipped. Throws
 * CsvReadError.
 */
export async function* readCsvRecords(path: string, shape: Extract<CsvShape, { kind: 'text' }>): AsyncGenerator<CsvRecord[]> {
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
  if (shape.plain) {
    yield* plainRecords(source, shape.delimiter, RECORD_BATCH)
    return
  }
  const parser = source.pipe(
    parse({
      delimiter: shape.delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      from_line: 2,
      // The line each record starts on rides on the record's own array (csv-parse's on_record
      // may only answer a string[] without `columns`), without its per-record info object.
      on_record: markLine,
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
    if (error instanceof CsvError) {
      const line = typeof (error as CsvError & { lines?: number }).lines === 'number' ? (error as CsvError & { lines: number }).lines : 0
      throw { line, reason: error.message.replace(/^Invalid [^:]*: /, '') } satisfies CsvReadError
    }
    throw error
  }
}

type LinedCells = string[] & { line: number }

function markLine(cells: string[], context: InfoRecord): LinedCells | null {
  return isBlank(cells) ? null : Object.assign(cells, { line: context.lines })
}
