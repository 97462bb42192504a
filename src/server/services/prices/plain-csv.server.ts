// Most price lists are plain: no quotes anywhere and one kind of line break. For such a file
// csv-parse (with the options csv-rows.server.ts gives it) answers exactly the lines split at
// the delimiter — at a quarter of the cost on a million rows (issue 26) — so that file is split
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
 * The records of a plain file's text after its header line, in batches: each line split at the
 * delimiter into at most `maxCells` cells (a line with more keeps only that many and is never
 * skipped), with its line number; lines whose cells are all blank are skipped.
 */
export async function* plainRecords(text: AsyncIterable<string>, delimiter: string, batchSize: number, maxCells: number): AsyncGenerator<PlainRecord[]> {
  let rest = ''
  let line = 0
  let batch: PlainRecord[] = []
  const take = (raw: string) => {
    line += 1
    if (line === 1) return
    const cells = (raw.endsWith('\r') ? raw.slice(0, -1) : raw).split(delimiter, maxCells)
    if (cells.length === maxCells || !isBlank(cells)) batch.push({ line, cells })
  }
  for await (const chunk of text) {
    const lines = (rest + chunk).split('\n')
    rest = lines.pop() ?? ''
    for (const raw of lines) take(raw)
    if (batch.length >= batchSize) {
      yield batch
      batch = []
    }
  }
  if (rest !== '') take(rest)
  if (batch.length > 0) yield batch
}

export function isBlank(cells: ReadonlyArray<string>): boolean {
  for (const cell of cells) if (cell.trim() !== '') return false
  return true
}
