import type { ApprovalNumberCheck } from '../domain/approval-number'
import { APPROVAL_NUMBER_MAX } from '../domain/approval-number'
import { m } from '../paraglide/messages'
import type { Locale } from './envelope'

// The words for a refused approval number: the approve dialog says them before sending, the
// server says the same when a number breaks the rule anyway.
export function approvalNumberMessage(check: Exclude<ApprovalNumberCheck, { ok: true }>, locale?: Locale): string {
  const options = locale ? { locale } : {}
  if (check.problem === 'required') return m.orders_approval_required({}, options)
  if (check.problem === 'too_long') return m.orders_approval_too_long({ length: String(check.length), max: String(APPROVAL_NUMBER_MAX) }, options)
  const shown = check.characters
    .slice(0, 5)
    .map((character) => (character.trim() === '' ? `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : character))
  return m.orders_approval_characters({ characters: shown.map((character) => m.orders_approval_quoted({ character }, options)).join(' ') }, options)
}

/** The rule in one sentence, under the input and in the API description. */
export function approvalNumberRule(locale?: Locale): string {
  return m.orders_approval_rule({ max: String(APPROVAL_NUMBER_MAX) }, locale ? { locale } : {})
}
