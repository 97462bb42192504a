// Basket number rule: after stripping leading zeros at least 4 digits;
// prefix 20 requires length 10; prefix 99 requires length 8. An empty input is its own
// problem: "may contain digits only" would not tell the user that something is missing.
export const BASKET_NUMBER_PROBLEMS = ['required', 'not_digits', 'too_short', 'prefix_20_length', 'prefix_99_length'] as const
export type BasketNumberProblem = (typeof BASKET_NUMBER_PROBLEMS)[number]

/**
 * The same rule as one regular expression (of the trimmed number), for /vue/openapi.json:
 * leading zeros (none or several), then 20 and 8 digits, 99 and 6, or another start (1, 3–8,
 * 2 not followed by 0, 9 not followed by 9) and at least 4 digits in all. No lookahead, so every JSON Schema
 * validator can run it. tests/domain/basket-number.test.ts holds it to checkBasketNumber.
 */
export const BASKET_NUMBER_PATTERN = /^0*(?:20\d{8}|99\d{6}|[13-8]\d{3,}|2[1-9]\d{2,}|9[0-8]\d{2,})$/

export function checkBasketNumber(input: string): BasketNumberProblem | null {
  const value = input.trim()
  if (value === '') return 'required'
  if (!/^\d+$/.test(value)) return 'not_digits'
  const stripped = value.replace(/^0+/, '')
  if (stripped.length < 4) return 'too_short'
  if (stripped.startsWith('20') && stripped.length !== 10) return 'prefix_20_length'
  if (stripped.startsWith('99') && stripped.length !== 8) return 'prefix_99_length'
  return null
}

export function isValidBasketNumber(input: string): boolean {
  return checkBasketNumber(input) === null
}
