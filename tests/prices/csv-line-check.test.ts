import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { CsvLineCheck, lineAt } from '../../src/server/services/prices/csv-line-check.server'

// The bound on a line's length is checked a window at a time, across the chunks a file is read
// in; it must find the same first too-long line as a plain walk over the bytes, for every kind of
// line break (LF, CR LF, a lone CR) and wherever the chunks are cut.
const MAX = 16

function firstTooLong(bytes: Uint8Array): number | null {
  let start = 0
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === 0x0a || bytes[i] === 0x0d) {
      if (i - start > MAX) return start
      start = i + 1
    }
  }
  return null
}

function checked(bytes: Uint8Array, chunk: number): number | null {
  const check = new CsvLineCheck(MAX)
  for (let position = 0; position < bytes.length; position += chunk) {
    const found = check.see(bytes.subarray(position, position + chunk), position)
    if (found !== null) return found
  }
  return null
}

const file = fc
  .array(fc.record({ length: fc.nat({ max: MAX + 3 }), end: fc.constantFrom('\n', '\r\n', '\r') }), { maxLength: 12 })
  .map((lines) => Buffer.from(lines.map(({ length, end }) => 'x'.repeat(length) + end).join('')))

describe('the bound on a line of a price list', () => {
  it('finds the first line over the bound as a byte-by-byte walk does, however the file is cut into chunks', () => {
    fc.assert(
      fc.property(file, fc.integer({ min: 1, max: 40 }), (bytes, chunk) => {
        expect(checked(bytes, chunk)).toBe(firstTooLong(bytes))
      }),
      { numRuns: 500, seed: 27 },
    )
  })

  it('takes a line of exactly the bound and refuses one byte more', () => {
    expect(checked(Buffer.from(`${'x'.repeat(MAX)}\n${'y'.repeat(MAX)}`), 5)).toBeNull()
    expect(checked(Buffer.from(`${'x'.repeat(MAX)}\n${'y'.repeat(MAX + 1)}\n`), 5)).toBe(MAX + 1)
  })
})

describe('the line of a byte', () => {
  const folder = mkdtempSync(join(tmpdir(), 'csv-line-'))
  afterAll(() => rmSync(folder, { recursive: true, force: true }))

  it('counts LF, CR LF and a lone CR as one break each, also where a CR LF is cut between chunks', async () => {
    const path = join(folder, 'breaks.csv')
    const text = 'a\nb\r\nc\rd\r\ne'
    writeFileSync(path, text)
    const handle = await open(path)
    try {
      for (const chunk of [1, 2, 3, 4, 1 << 20]) {
        const lines = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((letter) => lineAt(handle, text.indexOf(letter), chunk)))
        expect(lines, `chunks of ${chunk}`).toEqual([1, 2, 3, 4, 5])
      }
    } finally {
      await handle.close()
    }
  })
})
