import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { inspectCsv, type CsvShape } from '../../src/server/services/prices/csv-inspect.server'
import { readCsvRecords } from '../../src/server/services/prices/csv-rows.server'

// A plain price list (no quotes, one kind of line break) is split without csv-parse
// (src/server/services/prices/plain-csv.server.ts); both readers must give the same records,
// line numbers included, for every plain file.
const folder = mkdtempSync(join(tmpdir(), 'plain-csv-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))
let files = 0

async function shapeOf(bytes: Uint8Array | string): Promise<{ path: string; shape: CsvShape }> {
  const path = join(folder, `${files++}.csv`)
  writeFileSync(path, bytes)
  return { path, shape: await inspectCsv(path) }
}

async function records(path: string, shape: Extract<CsvShape, { kind: 'text' }>) {
  const all: Array<{ line: number; cells: string[] }> = []
  for await (const batch of readCsvRecords(path, shape)) for (const record of batch) all.push({ line: record.line, cells: [...record.cells] })
  return all
}

const cell = fc.string({ unit: fc.constantFrom('a', 'Z', '7', ' ', ',', ';', 'ä', '€', '\t', '-', '.', '='), maxLength: 8 })
const line = fc.oneof(
  fc.constant(''),
  fc.array(cell, { minLength: 1, maxLength: 6 }).map((cells) => cells.join(';')),
)
const plainFile = fc.record({
  lines: fc.array(line, { maxLength: 30 }),
  crlf: fc.boolean(),
  finalBreak: fc.boolean(),
  encoding: fc.constantFrom('utf-8', 'windows-1252'),
})

describe('plain CSV files', () => {
  it('are read exactly as csv-parse reads them (lines, cells, line numbers, blank lines skipped)', async () => {
    await fc.assert(
      fc.asyncProperty(plainFile, async ({ lines, crlf, finalBreak, encoding }) => {
        const text = ['article_uid;article_type;price', ...lines].join(crlf ? '\r\n' : '\n') + (finalBreak ? (crlf ? '\r\n' : '\n') : '')
        const bytes = encoding === 'utf-8' ? Buffer.from(text, 'utf8') : Buffer.from(text.replaceAll('€', '\x80'), 'latin1')
        const { path, shape } = await shapeOf(bytes)
        if (shape.kind !== 'text') throw new Error(`not text: ${shape.kind}`)
        expect(shape.plain).toBe(true)
        expect(await records(path, shape)).toEqual(await records(path, { ...shape, plain: false }))
      }),
      { numRuns: 200, seed: 26 },
    )
  })

  it('are only those without quotes and with one kind of line break', async () => {
    const plain = async (text: string) => {
      const { shape } = await shapeOf(text)
      return shape.kind === 'text' && shape.plain
    }
    expect(await plain('a;b\n1;2\n')).toBe(true)
    expect(await plain('a;b\r\n1;2\r\n')).toBe(true)
    expect(await plain('a;b\n"1";2\n')).toBe(false)
    expect(await plain('a;b\r\n1;2\n')).toBe(false)
    expect(await plain('a;b\r1;2\r')).toBe(false)
    expect(await plain('a;b\n1\r;2\n')).toBe(false)
  })

  it('are split the same where a line break falls between two chunks of the file', async () => {
    // 64 KB slices: a CRLF file whose break straddles a slice is still plain and read alike.
    const rows = Array.from({ length: 9000 }, (_, i) => `ART-${i};GRIFF;${i},50`)
    const { path, shape } = await shapeOf(['article_uid;article_type;price', ...rows].join('\r\n') + '\r\n')
    if (shape.kind !== 'text') throw new Error('not text')
    expect(shape.plain).toBe(true)
    const read = await records(path, shape)
    expect(read).toHaveLength(9000)
    expect(read).toEqual(await records(path, { ...shape, plain: false }))
  })
})
