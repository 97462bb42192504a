import { describe, expect, it } from 'vitest'
import { decimalMarkOf, priceFilterPrefix } from '../../src/domain/price-logs'

// The price-log price filter typed as the table shows prices, in either language.
describe('decimalMarkOf', () => {
  it('knows the mark of each portal language', () => {
    expect(decimalMarkOf('de')).toBe(',')
    expect(decimalMarkOf('en')).toBe('.')
  })
})

describe('priceFilterPrefix', () => {
  it.each([
    // As the German table shows prices, and as typing gets there.
    ['1.275,25', '1275.25'],
    ['1.275,2', '1275.2'],
    ['1.275,', '1275.'],
    ['1.275', '1275'],
    ['12.345.678,9', '12345678.9'],
    ['1 275,25', '1275.25'],
    ['1\u00a0275,25', '1275.25'],
    // German with a decimal comma only, and plainly with a point.
    ['1275,25', '1275.25'],
    ['12,5', '12.5'],
    ['1,275', '1.275'],
    ['1275.25', '1275.25'],
    ['1275.250', '1275.250'],
    ['12.5', '12.5'],
    ['12', '12'],
    // The English format typed on the German page is still read by its marks.
    ['1,275.25', '1275.25'],
  ])('German: %j → %j', (input, expected) => {
    expect(priceFilterPrefix(input, ',')).toBe(expected)
  })

  it.each([
    ['1,275.25', '1275.25'],
    ['1,275.2', '1275.2'],
    ['1,275.', '1275.'],
    ['1,275', '1275'],
    ['12,345,678.9', '12345678.9'],
    ['1275.25', '1275.25'],
    ['1.275', '1.275'],
    ['12.5', '12.5'],
    // A comma that does not group like the table is a decimal comma, as before.
    ['12,5', '12.5'],
    ['1275,25', '1275.25'],
    ['1.275,25', '1275.25'],
  ])('English: %j → %j', (input, expected) => {
    expect(priceFilterPrefix(input, '.')).toBe(expected)
  })

  it.each(['', 'abc', '%', '-12', ',5', '1.2.3', '1,2,3', '1,2.3,4', '12,34.5', '1.275,25,1', '1e3'])('searches %j as typed (it is not a price)', (input) => {
    expect(priceFilterPrefix(input, ',')).toBe(input)
    expect(priceFilterPrefix(input, '.')).toBe(input)
  })
})
