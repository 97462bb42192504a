import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { HeaderColumns } from '../../src/server/services/prices/upload-header.server'
import { CopyBytes, KeyBytes, byteLayout, quickCopyBytes } from '../../src/server/services/prices/quick-copy-bytes.server'
import { quickCopyLine } from '../../src/server/services/prices/upload-row.server'

// The byte reader of a plain file's common lines (decision 033) writes exactly what quickCopyLine
// writes for the same line, with the same price key, or leaves the line to it.
const COLUMNS = ['article_uid', 'article_type', 'price', 'currency', 'valid_from', 'customer_number'] as const
type Column = (typeof COLUMNS)[number]

const texts = [
  'A-1',
  'GRIFF',
  ' A-1',
  'A-1 ',
  '=A1',
  '-A1',
  '+A',
  '@A',
  'A\\1',
  'A\t1',
  'Ä-1',
  '',
  'x'.repeat(64),
  'x'.repeat(65),
  'a b',
  'A\x0b',
  '\x0cA',
  'K-9',
]
const prices = [
  '12',
  '1299,50',
  '1.299,50',
  '1,299.50',
  '0012,000',
  '0,5',
  ',5',
  '5,',
  '1.2.3',
  '1.234.567,8',
  '12,12345',
  '123456789',
  '12345678',
  '00000000012',
  '-12',
  '1 299,50',
  '1.29,5',
  '.5',
  '0',
  '000',
  '0.000,5',
  '1,5.3',
  '12.',
  '1..2',
  '0.5',
  '1299.5000',
  '99.999.999,9999',
  '999.999.999,9',
  '1.234',
  '12,3,4',
]
const currencies = ['', 'EUR', 'eur', 'EURO', 'E1R', 'CHF', 'ÉUR']
const days = [
  '',
  '01.03.2027',
  '29.02.2028',
  '29.02.2027',
  '2028-02-29',
  '1.3.2027',
  '31.04.2027',
  '01.13.2027',
  '01.03.1899',
  '01.03.3000',
  '2027-3-01',
  '01-03-2027',
  'aa.bb.cccc',
  '2027-02-30',
  '12.3-.5-78',
]
const customers = ['', 'K-1', ' K', '+49', 'Ö', 'K;1', 'x'.repeat(33)]

// Mostly cells of the common shapes, so that many whole lines are.
const mostly = (common: string[], any: fc.Arbitrary<string>) => fc.oneof({ arbitrary: fc.constantFrom(...common), weight: 6 }, { arbitrary: any, weight: 1 })
const cellOf: Record<Column, fc.Arbitrary<string>> = {
  article_uid: mostly(
    ['A-1', 'GRIFF', 'a b', 'x'.repeat(64)],
    fc.oneof(fc.constantFrom(...texts), fc.string({ unit: fc.constantFrom('A', '-', '1', ' ', 'ü', '=', '\\', '\t'), maxLength: 6 })),
  ),
  article_type: mostly(['GRIFF', 'A-1'], fc.constantFrom(...texts)),
  price: mostly(
    ['12', '1299,50', '1.299,50', '0012,000', '0,5', '1299.5000', '0.000,5', '99.999.999,9999'],
    fc.oneof(fc.constantFrom(...prices), fc.string({ unit: fc.constantFrom('0', '1', '9', '.', ','), maxLength: 14 })),
  ),
  currency: mostly(['', 'EUR', 'CHF'], fc.constantFrom(...currencies)),
  valid_from: mostly(['', '01.03.2027', '2028-02-29', '29.02.2028'], fc.constantFrom(...days)),
  customer_number: mostly(['', 'K-1'], fc.constantFrom(...customers)),
}

/** A header: the three required columns and some optional ones, in any order, maybe an empty one at the end. */
const headerOf = fc
  .tuple(fc.subarray([...COLUMNS.slice(3)]), fc.boolean())
  .chain(([optional, trailing]) =>
    fc.shuffledSubarray([...COLUMNS.slice(0, 3), ...optional], { minLength: 3 + optional.length }).map((order) => ({ order, trailing })),
  )

const lineOf = headerOf.chain(({ order, trailing }) =>
  fc.tuple(
    fc.constant(order),
    fc.constant(trailing),
    fc.tuple(...order.map((column) => cellOf[column])),
    fc.constantFrom(';', ','),
    fc.integer({ min: 1, max: 9_999_999 }),
  ),
)

function both(order: Column[], trailing: boolean, cells: string[], delimiter: ';' | ',', line: number) {
  const all = trailing ? [...cells, ''] : cells
  const header: HeaderColumns = { index: Object.fromEntries(order.map((column, i) => [column, i])), count: all.length }
  const noted: string[] = []
  const text = quickCopyLine({ line, cells: all.join(delimiter).split(delimiter, 257) }, header, (uid, type, customer) =>
    noted.push(`${uid}\0${type}\0${customer ?? ''}`),
  )
  const bytes = Buffer.from(`xx${all.join(delimiter)}yy`)
  const out = new CopyBytes()
  const key = new KeyBytes()
  const written = quickCopyBytes(bytes, 2, bytes.length - 2, line, byteLayout(header, delimiter)!, out, key)
  return { text, noted, written, out: out.take().toString('utf8'), key: Buffer.from(key.bytes.subarray(0, key.length)).toString('utf8') }
}

describe('quickCopyBytes', () => {
  it('writes what quickCopyLine writes, or leaves the line to it (generated)', () => {
    let quick = 0
    fc.assert(
      fc.property(lineOf, ([order, trailing, cells, delimiter, line]) => {
        const { text, noted, written, out, key } = both(order, trailing, cells, delimiter, line)
        if (text === null) expect(written).toBe(false)
        if (!written) return
        quick += 1
        expect(out).toBe(text)
        expect([key]).toEqual(noted)
      }),
      { seed: 26, numRuns: 20_000 },
    )
    // Most generated lines are bad; enough good ones must have gone the quick way.
    expect(quick).toBeGreaterThan(500)
  })

  it.each([
    [['A-1', 'GRIFF', '1.299,50', 'EUR', '01.03.2027', ''], '7\tA-1\tGRIFF\t\\N\t1299.5\tEUR\t2027-03-01\n'],
    [['A-1', 'GRIFF', '12', '', '', 'K-9'], '7\tA-1\tGRIFF\tK-9\t12\tEUR\t\\N\n'],
    [['A-1', 'GRIFF', '0012,000', 'CHF', '2028-02-29', ''], '7\tA-1\tGRIFF\t\\N\t12\tCHF\t2028-02-29\n'],
    [['A-1', 'GRIFF', '0.000,5', 'CHF', '', ''], '7\tA-1\tGRIFF\t\\N\t0.5\tCHF\t\\N\n'],
  ])('writes the common line %j as its COPY text', (cells, expected) => {
    const { written, out, text } = both([...COLUMNS], false, cells, ';', 7)
    expect(written).toBe(true)
    expect(out).toBe(expected)
    expect(text).toBe(expected)
  })

  it('leaves a line with a letter outside ASCII to the text reader', () => {
    expect(both([...COLUMNS], false, ['ÄRT-1', 'GRIFF', '12', 'EUR', '', ''], ';', 7)).toMatchObject({
      written: false,
      text: '7\tÄRT-1\tGRIFF\t\\N\t12\tEUR\t\\N\n',
    })
  })
})
