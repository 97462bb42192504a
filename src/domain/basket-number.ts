// Basket number rule of spec section 5: after stripping leading zeros at least 4 digits;
// prefix 20 requires length 10; prefix 99 requires length 8. An empty input is its own
// problem: "may contain digits only" would not tell the user that something is missing.
export type BasketNumberProblem = 'required' | 'not_digits' | 'too_short' | 'prefix_20_length' | 'prefix_99_length'

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
