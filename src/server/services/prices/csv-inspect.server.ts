import { open } from 'node:fs/promises'
import { detectDelimiter } from '../../../domain/price-values'
import { CsvEncodingCheck } from './csv-encoding-check.server'
import { CsvLineCheck, lineAt } from './csv-line-check.server'
import { PlainCsvCheck } from './plain-csv.server'

// The one pass over a spooled price list before it is parsed: whether it is text at all, its
// encoding (UTF-8 with or without BOM, else Windows-1252), the header line and its delimiter,
// whether it is plain, and the files that would hurt to parse (decision 015): an endless line, UTF-16,
// mixed encodings, a byte order mark in the middle. Reads 1 MB at a time and stops at the first
// of those; nothing holds the whole file.
export type CsvEncoding = 'utf-8' | 'windows-1252'

/** A file refused before parsing; lines count from 1. */
export type CsvFileProblem =
  | { kind: 'utf16' }
  | { kind: 'line-too-long'; line: number }
  | { kind: 'bom-inside'; line: number }
  | { kind: 'bom-not-utf8'; line: number }
  | { kind: 'mixed-encoding'; line: number; utf8Line: number }

/** plain: no quotes and one kind of line break (plain-csv.server.ts), read without csv-parse. */
export type CsvShape =
  | { kind: 'empty' }
  | { kind: 'binary' }
  | { kind: 'refused'; problem: CsvFileProblem }
  | { kind: 'text'; encoding: CsvEncoding; delimiter: ';' | ','; headerLine: string; plain: boolean }

const CHUNK = 1 << 20

export async function inspectCsv(path: string): Promise<CsvShape> {
  const encoding = new CsvEncodingCheck()
  const lines = new CsvLineCheck()
  const plain = new PlainCsvCheck()
  let sawText = false
  let firstLine = ''
  let firstLineDone = false
  const handle = await open(path)
  try {
    const line = (offset: number) => lineAt(handle, offset)
    const buffer = Buffer.allocUnsafe(CHUNK)
    let position = 0
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK, position)
      if (bytesRead === 0) break
      const bytes = buffer.subarray(0, bytesRead)
      // UTF-16 (Excel's "Unicode text") is recognised by its byte order mark before its NUL bytes make it "binary".
      if (position === 0 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
        return { kind: 'refused', problem: { kind: 'utf16' } }
      }
      if (bytes.includes(0)) return { kind: 'binary' }
      const tooLong = lines.see(bytes, position)
      if (tooLong !== null) return { kind: 'refused', problem: { kind: 'line-too-long', line: await line(tooLong) } }
      encoding.see(bytes, position)
      if (encoding.bomInsideAt !== null) return { kind: 'refused', problem: { kind: 'bom-inside', line: await line(encoding.bomInsideAt) } }
      plain.see(bytes)
      if (!firstLineDone) {
        const end = firstBreak(bytes)
        firstLine += bytes.subarray(0, end >= 0 ? end : bytes.length).toString('latin1')
        firstLineDone = end >= 0
      }
      if (!sawText && /[^\s\ufeff\u00bb\u00bf\u00ef]/.test(bytes.toString('latin1'))) sawText = true
      position += bytesRead
    }
    if (!sawText) return { kind: 'empty' }
    const verdict = encoding.verdict()
    if (verdict.kind === 'bom-not-utf8') return { kind: 'refused', problem: { kind: 'bom-not-utf8', line: await line(verdict.invalidAt) } }
    if (verdict.kind === 'mixed') {
      return { kind: 'refused', problem: { kind: 'mixed-encoding', line: await line(verdict.invalidAt), utf8Line: await line(verdict.utf8At) } }
    }
    const headerLine = new TextDecoder(verdict.kind)
      .decode(Buffer.from(firstLine, 'latin1'))
      .replace(/^\ufeff/, '')
      .replace(/\r$/, '')
    return { kind: 'text', encoding: verdict.kind, delimiter: detectDelimiter(headerLine) ?? ';', headerLine, plain: plain.plain() }
  } finally {
    await handle.close()
  }
}

/** Where the first line break (LF or CR) is, or -1. */
function firstBreak(bytes: Uint8Array): number {
  const lf = bytes.indexOf(0x0a)
  const cr = bytes.indexOf(0x0d)
  return lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr)
}
