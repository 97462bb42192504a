import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { approvalNumberMessage } from '../../src/contract/approval-number-message'
import { APPROVAL_NUMBER_MAX, APPROVAL_NUMBER_PATTERN, checkApprovalNumber } from '../../src/domain/approval-number'

// The approval number rule (decision 021): 1–40 letters, digits, - _ / . and inner spaces.
describe('approval number rule', () => {
  it.each([
    ['FRG-4711', 'FRG-4711'],
    ['  FRG 4711/26.a_b  ', 'FRG 4711/26.a_b'],
    ['Ä', 'Ä'],
    ['Freigabe Müller 12', 'Freigabe Müller 12'],
    ['-1', '-1'],
    ['A'.repeat(APPROVAL_NUMBER_MAX), 'A'.repeat(APPROVAL_NUMBER_MAX)],
    [` ${'7'.repeat(APPROVAL_NUMBER_MAX)} `, '7'.repeat(APPROVAL_NUMBER_MAX)],
  ])('accepts %j as %j', (input, value) => {
    expect(checkApprovalNumber(input)).toEqual({ ok: true, value })
  })

  it.each(['', ' ', '\t \n'])('requires one: %j', (input) => {
    expect(checkApprovalNumber(input)).toEqual({ ok: false, problem: 'required' })
  })

  it('refuses 41 characters and more, saying how many (never cuts them off)', () => {
    expect(checkApprovalNumber('A'.repeat(APPROVAL_NUMBER_MAX + 1))).toEqual({ ok: false, problem: 'too_long', length: 41 })
    expect(checkApprovalNumber('A'.repeat(300))).toEqual({ ok: false, problem: 'too_long', length: 300 })
    // Counted as a person counts them: 40 letters outside the basic plane are 40, not 80.
    expect(checkApprovalNumber('𝔸'.repeat(40))).toEqual({ ok: true, value: '𝔸'.repeat(40) })
  })

  it('names the characters it refuses, each once', () => {
    expect(checkApprovalNumber('<script>')).toEqual({ ok: false, problem: 'characters', characters: ['<', '>'] })
    expect(checkApprovalNumber('A\tB\u00a0C;;')).toEqual({ ok: false, problem: 'characters', characters: ['\t', '\u00a0', ';'] })
    expect(checkApprovalNumber('A\u0000B')).toEqual({ ok: false, problem: 'characters', characters: ['\u0000'] })
  })

  it('words each problem in both languages, invisible characters by their code', () => {
    expect(approvalNumberMessage({ ok: false, problem: 'too_long', length: 300 }, 'en')).toBe('The approval number has 300 characters; at most 40 are allowed.')
    expect(approvalNumberMessage({ ok: false, problem: 'too_long', length: 300 }, 'de')).toBe('Die Freigabenummer hat 300 Zeichen; erlaubt sind höchstens 40.')
    expect(approvalNumberMessage({ ok: false, problem: 'required' }, 'de')).toBe('Bitte geben Sie die Freigabenummer ein.')
    expect(approvalNumberMessage({ ok: false, problem: 'characters', characters: ['<', '\t'] }, 'en')).toBe(
      'The approval number may not contain “<” “U+0009”. Allowed are letters, digits, - _ / . and spaces between them.',
    )
    expect(approvalNumberMessage({ ok: false, problem: 'characters', characters: ['<'] }, 'de')).toBe(
      'Die Freigabenummer darf „<“ nicht enthalten. Erlaubt sind Buchstaben, Ziffern, - _ / . und Leerzeichen dazwischen.',
    )
  })
})

// /vue/openapi.json states the rule as APPROVAL_NUMBER_PATTERN: it must accept exactly what
// the rule accepts (of the trimmed value, as the server trims it).
describe('the approval number pattern', () => {
  const unit = fc.constantFrom('A', 'z', 'Ä', '𝔸', '7', '-', '_', '/', '.', ' ', ' ', '\t', '\u00a0', '<', ';', '\u0000')
  const value = fc.string({ unit, maxLength: 45 })

  it('agrees with the rule on every value', () => {
    fc.assert(
      fc.property(fc.oneof(value, fc.string({ maxLength: 50 })), (input) => {
        expect(APPROVAL_NUMBER_PATTERN.test(input.trim()), JSON.stringify(input)).toBe(checkApprovalNumber(input).ok)
      }),
      { numRuns: 2000, seed: 27 },
    )
  })

  it('takes 40 characters, not 41, counted as a person counts them', () => {
    expect(APPROVAL_NUMBER_PATTERN.test('𝔸'.repeat(APPROVAL_NUMBER_MAX))).toBe(true)
    expect(APPROVAL_NUMBER_PATTERN.test('A'.repeat(APPROVAL_NUMBER_MAX + 1))).toBe(false)
    expect(APPROVAL_NUMBER_PATTERN.test('FRG 4711/26.a_b')).toBe(true)
  })
})
