import { describe, expect, it } from 'vitest'
import { checkBasketNumber, isValidBasketNumber } from '../../src/domain/basket-number'

describe('basket number rule (spec section 5)', () => {
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
