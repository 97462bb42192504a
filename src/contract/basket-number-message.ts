import type { BasketNumberProblem } from '../domain/basket-number'
import { m } from '../paraglide/messages'
import type { Locale } from './envelope'

// The words for each part of the basket-number rule: the form says them before sending,
// the server says the same when a number breaks the rule anyway.
export function basketNumberMessage(problem: BasketNumberProblem, number: string, locale?: Locale): string {
  const options = locale ? { locale } : {}
  if (problem === 'required') return m.basket_number_required({}, options)
  if (problem === 'not_digits') return m.basket_number_not_digits({ number }, options)
  if (problem === 'too_short') return m.basket_number_too_short({ number }, options)
  if (problem === 'prefix_20_length') return m.basket_number_prefix_20({ number }, options)
  return m.basket_number_prefix_99({ number }, options)
}
