import { createReadStream } from 'node:fs'

// Most price lists are plain: no quotes anywhere and one kind of line break. For such a file
// csv-parse (with the options csv-rows.server.ts gives it) answers exactly the lines split at
// the delimiter — at a quarter of the cost on a million rows (decision 033) — so that file is split
// here instead. Whether a file is plain is found in the one pass over its bytes that
// inspectCsv (csv-inspect.server.ts) makes anyway; tests/prices/plain-csv.test.ts holds both readers to the same answer.

/** Counts, in one pass over a file's bytes in chunks, what makes a file not plain. */
export class PlainCsvCheck {
  private quotes = false
  private carriageReturns = 0
  private lineFeeds = 0
  private crlf = 0
  private lastWasCr = false

  see(bytes: Uint8Array): void {
    if (!this.quotes && bytes.includes(0x22)) this.quotes = true
    for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, i + 1)) {
      this.lineFeeds += 1
      if (i > 0 ? bytes[i - 1] === 0x0d : this.lastWasCr) this.crlf += 1
    }
    for (let i = bytes.indexOf(0x0d); i !== -1; i = bytes.indexOf(0x0d, i + 1)) this.carriageReturns += 1
    if (bytes.length > 0) this.lastWasCr = bytes[bytes.length - 1] === 0x0d
  }

  /** No quote, and either no carriage return at all or one before every line feed and nowhere else. */
  plain(): boolean {
    if (this.quotes) return false
    return this.carriageReturns === 0 || (this.carriageReturns === this.crlf && this.crlf === this.lineFeeds)
  }
}

export type PlainRecord = { line: number; cells: string[] }

/**
 * A slice of a plain file's lines after its header, as byte ranges of `bytes` (without the line
 * break and a CR before it): line `firstLine + i` is `bytes[starts[i], ends[i])`.
 */
export type PlainLines = { bytes: Buffer; starts: Int32Array; ends: Int32Array; count: number; firstLine: number }

const LF = 0x0a
const CR = 0x0d

/** A plain file's lines after its header, read `chunkBytes` at a time (a turn of the event loop between slices). */
export async function* plainLines(path: string, chunkBytes: number): AsyncGenerator<PlainLines> {
  let rest: Buffer | null = null
  let line = 0
  for await (const chunk of createReadStream(path, { highWaterMark: chunkBytes }) as AsyncIterable<Buffer>) {
    const bytes: Buffer = rest ? Buffer.concat([rest, chunk]) : chunk
    const slice = linesOf(bytes, line, false)
    line += slice.lines
    rest = slice.rest < bytes.length ? bytes.subarray(slice.rest) : null
    if (slice.found.count > 0) yield slice.found
  }
  if (rest) {
    const last = linesOf(rest, line, true)
    if (last.found.count > 0) yield last.found
  }
}

function linesOf(bytes: Buffer, before: number, end: boolean): { found: PlainLines; lines: number; rest: number } {
  const starts: number[] = []
  const ends: number[] = []
  let line = before
  let start = 0
  for (let at = bytes.indexOf(LF); at !== -1 || (end && start < bytes.length); at = bytes.indexOf(LF, start)) {
    const stop = at === -1 ? bytes.length : at
    line += 1
    // Line 1 is the header, read before (readHeader).
    if (line > 1) {
      starts.push(start)
      ends.push(stop > start && bytes[stop - 1] === CR ? stop - 1 : stop)
    }
    start = stop + 1
    if (at === -1) break
  }
  const first = before + 1 + (before === 0 ? 1 : 0)
  const found = { bytes, starts: Int32Array.from(starts), ends: Int32Array.from(ends), count: starts.length, firstLine: first }
  return { found, lines: line - before, rest: start }
}

/**
 * The cells of one line as text — split at the delimiter into at most `maxCells` (a line with more
 * keeps only that many) — or null for a line whose cells are all blank (a spreadsheet's empty row).
 */
export function lineCells(lines: PlainLines, i: number, delimiter: string, decoder: TextDecoder | null, maxCells: number): string[] | null {
  const { bytes } = lines
  const start = lines.starts[i]!
  const end = lines.ends[i]!
  const text = decoder ? decoder.decode(bytes.subarray(start, end)) : bytes.toString('utf8', start, end)
  const cells = text.split(delimiter, maxCells)
  return cells.length === maxCells || !isBlank(cells) ? cells : null
}

/** The records of a plain file after its header line, in batches of about `batchSize`, each with its line number; blank lines skipped. */
export async function* plainRecords(
  path: string,
  shape: { delimiter: string; encoding: 'utf-8' | 'windows-1252' },
  chunkBytes: number,
  batchSize: number,
  maxCells: number,
): AsyncGenerator<PlainRecord[]> {
  const decoder = shape.encoding === 'utf-8' ? null : new TextDecoder('windows-1252')
  let batch: PlainRecord[] = []
  for await (const lines of plainLines(path, chunkBytes)) {
    for (let i = 0; i < lines.count; i++) {
      const cells = lineCells(lines, i, shape.delimiter, decoder, maxCells)
      if (cells) batch.push({ line: lines.firstLine + i, cells })
    }
    if (batch.length >= batchSize) {
      yield batch
      batch = []
    }
  }
  if (batch.length > 0) yield batch
}

export function isBlank(cells: ReadonlyArray<string>): boolean {
  for (const cell of cells) if (cell.trim() !== '') return false
  return true
}
