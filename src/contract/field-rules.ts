import { z } from 'zod'
import { APPROVAL_NUMBER_PATTERN, checkApprovalNumber } from '../domain/approval-number'
import { BASKET_NUMBER_PATTERN, checkBasketNumber } from '../domain/basket-number'
import { COUNTRY_CODES, isCountryCode } from '../domain/countries'
import { refuseByRule } from './rule-words'

// Fields whose rules /vue/openapi.json states (decision 019), as the schemas the
// server parses with. Where a refusal has words of its own, a refinement checks the rule and
// ends the field's checks (rule-words.ts); the checks after it (pattern, format, enum) state
// the same rule in the document and pass whenever the refinement does (the domain tests hold
// the patterns to the rules). Text is trimmed before it is checked.

/** A basket number: digits, at least 4 without leading zeros, 20… 10 long, 99… 8. */
export const basketNumber = z
  .string()
  .max(64, { abort: true })
  .trim()
  .superRefine((value, context) => {
    const problem = checkBasketNumber(value)
    if (problem) refuseByRule(context, value, { rule: 'basket_number', problem, number: value })
  })
  .regex(BASKET_NUMBER_PATTERN)
  .describe(
    'Digits; without its leading zeros at least 4 long, and one starting 20 exactly 10, one starting 99 exactly 8. A refusal says which part it breaks.',
  )

/** The approver's reference (decision 021): 1–40 letters, digits, - _ / . and spaces between them. */
export const approvalNumber = z
  .string()
  .max(1000, { abort: true })
  .trim()
  .superRefine((value, context) => {
    const check = checkApprovalNumber(value)
    if (!check.ok) refuseByRule(context, value, { rule: 'approval_number', check })
  })
  .regex(APPROVAL_NUMBER_PATTERN)
  .describe(
    'The approver’s reference: after trimming, 1–40 characters, each a letter, a digit, "-", "_", "/", "." or a space (never first or last). Anything else answers 400 saying why.',
  )

/**
 * A country code of GET /vue/country-codes/, upper case (lower case is taken and upper-cased).
 * `offered`: refused in the words of a form's choices (my-company) rather than as a code.
 */
export function countryCode({ offered = false }: { offered?: boolean } = {}) {
  return z.preprocess((value, context) => {
    if (typeof value !== 'string') return value
    const code = value.trim().toUpperCase()
    if (code !== '' && !isCountryCode(code)) refuseByRule(context, value, { rule: 'country', code: value.trim(), offered })
    return code
  }, z.enum(COUNTRY_CODES))
}

/** An e-mail address, trimmed (format: email in the document). */
export function emailAddress(max: number) {
  return z.string().trim().max(max, { abort: true }).check(z.email())
}

// '' or an address: zod's own e-mail expression, or nothing.
const EMAIL_OR_BLANK = new RegExp(`^$|${z.regexes.email.source}`)

/** An e-mail address or '' (a blank field is no address), trimmed. */
export function emailOrBlank(max: number) {
  return z
    .string()
    .trim()
    .max(max, { abort: true })
    .superRefine((value, context) => {
      // Worded as a wrong address ("must be a valid e-mail address"), not as a pattern.
      if (!EMAIL_OR_BLANK.test(value)) context.addIssue({ code: 'invalid_format', format: 'email', input: value, continue: false })
    })
    .regex(EMAIL_OR_BLANK)
}
