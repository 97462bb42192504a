import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BASKET_NUMBER_PATTERN, checkBasketNumber, isValidBasketNumber } from '../../src/domain/basket-number'

describe('basket number rule', () => {
  it.each([
    ['1234', null],
    ['0001234', null],
    ['123', 'too_short'],
    ['0000123', 'too_short'],
    ['', 'required'],
    ['   ', 'required'],
    ['12a4', 'not_digits'],
    ['2012345678', null],
    ['201234567', 'prefix_20_length'],
    ['20123456789', 'prefix_20_length'],
    ['0002012345678', null],
    ['99123456', null],
    ['9912345', 'prefix_99_length'],
    ['991234567', 'prefix_99_length'],
    ['21234', null],
    ['98765432101234', null],
  ])('%s → %s', (input, expected) => {
    expect(checkBasketNumber(input)).toBe(expected)
    expect(isValidBasketNumber(input)).toBe(expected === null)
  })
})

// /vue/openapi.json states the rule as BASKET_NUMBER_PATTERN: it must accept exactly what the
// rule accepts (of the trimmed number, as the server trims it).
describe('the basket number pattern', () => {
  const digits = fc.string({ unit: fc.constantFrom('0', '1', '2', '9', '9', '0', '5', ' ', 'a'), maxLength: 14 })
  const prefixed = fc.tuple(fc.constantFrom('', '0', '00', '20', '99', '2', '9', '020', '0099'), digits).map(([head, tail]) => head + tail)

  it('agrees with the rule on every number', () => {
    fc.assert(
      fc.property(fc.oneof(prefixed, fc.string({ maxLength: 12 })), (input) => {
        expect(BASKET_NUMBER_PATTERN.test(input.trim()), JSON.stringify(input)).toBe(checkBasketNumber(input) === null)
      }),
      { numRuns: 2000, seed: 27 },
    )
  })

  it.each(['1234', '0001234', '2012345678', '99123456', '21234', '9012', '3000'])('accepts %s', (number) => {
    expect(BASKET_NUMBER_PATTERN.test(number)).toBe(true)
  })

  it.each(['123', '201234567', '20123456789', '9912345', '991234567', '12a4', '', '0000'])('refuses %j', (number) => {
    expect(BASKET_NUMBER_PATTERN.test(number)).toBe(false)
  })
})
