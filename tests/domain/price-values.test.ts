import { describe, expect, it } from 'vitest'
import { detectDelimiter, parseCurrency, parsePrice, parseText, parseValidFrom } from '../../src/domain/price-values'

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

describe('detectDelimiter', () => {
  it('counts outside quotes and prefers ; when tied', () => {
    expect(detectDelimiter('article_uid;article_type;price')).toBe(';')
    expect(detectDelimiter('article_uid,article_type,price')).toBe(',')
    expect(detectDelimiter('"a;b",c,d')).toBe(',')
    expect(detectDelimiter('a;b,c')).toBe(';')
    expect(detectDelimiter('article_uid')).toBeNull()
  })
})
