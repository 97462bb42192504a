import { describe, expect, it } from 'vitest'
import { detectDelimiter, parseCurrency, parsePrice, parseText, parseValidFrom, quickPrice, quickValidFrom } from '../../src/domain/price-values'

describe('parsePrice', () => {
  it.each([
    ['12', '12'],
    ['12,5', '12.5'],
    ['12.5', '12.5'],
    ['1.234,56', '1234.56'],
    ['1,234.56', '1234.56'],
    ['1.234.567', '1234567'],
    ['1.234.567,8', '1234567.8'],
    [' 0,0100 ', '0.01'],
    ['0', '0'],
    ['007,50', '7.5'],
    ['1 234,5', '1234.5'],
    ['99999999,9999', '99999999.9999'],
    ['1,2345', '1.2345'],
  ])('reads %j as %s', (raw, value) => {
    expect(parsePrice(raw)).toEqual({ ok: true, value })
  })

  it.each([
    ['', 'required'],
    ['-5', 'price_negative'],
    ['-1,5', 'price_negative'],
    ['=1+1', 'formula'],
    ['+5', 'formula'],
    ['@5', 'formula'],
    ['-', 'formula'],
    ['zwölf', 'price_not_number'],
    ['12 €', 'price_not_number'],
    ['1.2.3', 'price_not_number'],
    ['1,23,4', 'price_not_number'],
    ['12,3.4', 'price_not_number'],
    ['1.23,4.5', 'price_not_number'],
    ['1,23456', 'price_decimals'],
    ['123456789', 'price_too_large'],
    ['100.000.000', 'price_too_large'],
  ])('refuses %j (%s)', (raw, problem) => {
    expect(parsePrice(raw)).toEqual({ ok: false, problem })
  })
})

describe('parseValidFrom', () => {
  it('reads ISO and German dates and empty as none', () => {
    expect(parseValidFrom('2027-02-28')).toEqual({ ok: true, value: '2027-02-28' })
    expect(parseValidFrom('1.3.2027')).toEqual({ ok: true, value: '2027-03-01' })
    expect(parseValidFrom('29.02.2028')).toEqual({ ok: true, value: '2028-02-29' })
    expect(parseValidFrom(' ')).toEqual({ ok: true, value: null })
  })
  it.each(['29.02.2027', '2027-13-01', '2027/01/01', '01.01.27', '00.01.2027', '0001-01-01'])('refuses %j', (raw) => {
    expect(parseValidFrom(raw)).toEqual({ ok: false, problem: 'date_invalid' })
  })
})

describe('parseCurrency and parseText', () => {
  it('takes three letters (upper-cased), EUR when empty', () => {
    expect(parseCurrency('chf')).toEqual({ ok: true, value: 'CHF' })
    expect(parseCurrency('')).toEqual({ ok: true, value: 'EUR' })
    expect(parseCurrency('EURO')).toEqual({ ok: false, problem: 'currency_invalid' })
    expect(parseCurrency('=EUR')).toEqual({ ok: false, problem: 'formula' })
  })
  it('refuses formula starts and over-long values, trims the rest', () => {
    expect(parseText('  BG-96 ', { required: true, max: 64 })).toEqual({ ok: true, value: 'BG-96' })
    expect(parseText(' ', { required: false, max: 64 })).toEqual({ ok: true, value: null })
    expect(parseText('', { required: true, max: 64 })).toEqual({ ok: false, problem: 'required' })
    for (const raw of ['=A1', '+A1', '-A1', '@A1', '\t=A1', ' =A1'])
      expect(parseText(raw, { required: true, max: 64 })).toEqual({ ok: false, problem: 'formula' })
    expect(parseText('x'.repeat(65), { required: true, max: 64 })).toEqual({ ok: false, problem: 'too_long' })
  })
})

// A deterministic stream of strings (no Math.random: a failure must repeat).
function* strings(alphabet: string, count: number, maxLength: number): Generator<string> {
  let seed = 20261125
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31)
  for (let n = 0; n < count; n++) {
    let text = ''
    for (let length = next() % (maxLength + 1); length > 0; length--) text += alphabet[next() % alphabet.length]
    yield text
  }
}

describe('the upload’s quick readers give the general readers’ answer', () => {
  it.each([
    ['12', '12'],
    ['1299,50', '1299.5'],
    ['1299.5', '1299.5'],
    ['1.299,50', '1299.5'],
    ['12.345.678,9000', '12345678.9'],
    ['007,50', '7.5'],
    ['0', '0'],
    ['0,00', '0'],
    ['1.234', '1.234'],
  ])('reads the common price %j as %s', (raw, value) => {
    expect(quickPrice(raw)).toBe(value)
    expect(parsePrice(raw)).toEqual({ ok: true, value })
  })

  it.each(['', ' 12', '1 234,5', '1,234.56', '1.234.567', '-5', '1,2,3', '1.23,4', '1234.5,6', '123456789', '1,23456', ',5', '12,', '1.2345,6', '1..234,5'])(
    'leaves %j to the general reader',
    (raw) => {
      expect(quickPrice(raw)).toBeNull()
    },
  )

  it('never answers a price the general reader would not, on 200,000 strings of digits and marks', () => {
    let quick = 0
    for (const raw of strings('0123456789.,.,0 -', 200_000, 14)) {
      const answer = quickPrice(raw)
      if (answer === null) continue
      quick += 1
      expect(parsePrice(raw), raw).toEqual({ ok: true, value: answer })
    }
    // Most strings of this alphabet are not prices; enough are for the comparison to mean something.
    expect(quick).toBeGreaterThan(10_000)
  })

  it('reads the common dates as parseValidFrom does and leaves the rest to it', () => {
    expect(quickValidFrom('')).toBeNull()
    expect(quickValidFrom('01.03.2027')).toBe('2027-03-01')
    expect(quickValidFrom('2028-02-29')).toBe('2028-02-29')
    for (const raw of ['29.02.2027', '2027-13-01', ' 01.03.2027', '1.3.2027', '01-03-2027', '01.03.0001']) expect(quickValidFrom(raw), raw).toBeUndefined()
    let quick = 0
    for (const raw of strings('0123456789.-', 200_000, 10)) {
      const answer = quickValidFrom(raw)
      if (answer === undefined) continue
      quick += 1
      expect(parseValidFrom(raw), raw).toEqual({ ok: true, value: answer })
    }
    expect(quick).toBeGreaterThan(0)
  })
})

describe('detectDelimiter', () => {
  it('counts outside quotes and prefers ; when tied', () => {
    expect(detectDelimiter('article_uid;article_type;price')).toBe(';')
    expect(detectDelimiter('article_uid,article_type,price')).toBe(',')
    expect(detectDelimiter('"a;b",c,d')).toBe(',')
    expect(detectDelimiter('a;b,c')).toBe(';')
    expect(detectDelimiter('article_uid')).toBeNull()
  })
})
