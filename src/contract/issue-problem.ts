import type { z } from 'zod'
import { m } from '../paraglide/messages'
import type { Locale } from './envelope'
import { ruleProblemOf, ruleWords } from './rule-words'

// A zod issue as a problem a person can be told about, and its words. The browser's forms and
// the server's validation messages use the same rules (a contract schema) and the same words
// (the validation_* messages), so a field refused in the browser reads as the API would say it.
export type IssueProblem =
  | { code: 'required' }
  | { code: 'too_short'; min: number }
  | { code: 'too_long'; max: number }
  | { code: 'number_too_small'; min: number }
  | { code: 'number_too_large'; max: number }
  | { code: 'email' }
  | { code: 'one_of'; options: string[] }
  | { code: 'unknown_field'; keys: string[] }
  /** A refinement's own problem: `params` as the schema's refine gave them. */
  | { code: 'custom'; params: Record<string, unknown> }
  | { code: 'invalid' }

export function issueProblem(issue: z.core.$ZodIssue, input: unknown): IssueProblem {
  const value = valueAt(input, issue.path)
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined || value === null ? { code: 'required' } : { code: 'invalid' }
    case 'too_small':
      // Nothing typed is "required", not "too short".
      if (issue.origin === 'string' && !hasText(value)) return { code: 'required' }
      return issue.origin === 'string' ? { code: 'too_short', min: Number(issue.minimum) } : { code: 'number_too_small', min: Number(issue.minimum) }
    case 'too_big':
      return issue.origin === 'string' ? { code: 'too_long', max: Number(issue.maximum) } : { code: 'number_too_large', max: Number(issue.maximum) }
    case 'invalid_format':
      if (!hasText(value)) return { code: 'required' }
      return issue.format === 'email' ? { code: 'email' } : { code: 'invalid' }
    case 'invalid_value':
      // Nothing chosen (a missing or blank code) is "required", not "must be one of".
      if (value === undefined || value === null || (typeof value === 'string' && !hasText(value))) return { code: 'required' }
      return { code: 'one_of', options: issue.values.map(String) }
    case 'unrecognized_keys':
      return { code: 'unknown_field', keys: issue.keys }
    case 'custom':
      // Nothing given (no file chosen) is "required", whatever the refinement checks.
      if (value === undefined || value === null) return { code: 'required' }
      return { code: 'custom', params: issue.params ?? {} }
    default:
      return { code: 'invalid' }
  }
}

/** The words for a problem with the field named `field` (its label in the same language). */
export function problemText(problem: IssueProblem, field: string, locale?: Locale): string {
  const options = locale ? { locale } : {}
  switch (problem.code) {
    case 'required':
      return m.validation_required({ field }, options)
    case 'too_short':
      return m.validation_too_short({ field, min: String(problem.min) }, options)
    case 'too_long':
      return m.validation_too_long({ field, max: String(problem.max) }, options)
    case 'number_too_small':
      return m.validation_number_too_small({ field, min: String(problem.min) }, options)
    case 'number_too_large':
      return m.validation_number_too_large({ field, max: String(problem.max) }, options)
    case 'email':
      return m.validation_email({ field }, options)
    case 'one_of':
      return m.validation_one_of({ field, options: problem.options.join(', ') }, options)
    case 'unknown_field':
      return m.validation_unknown_field({ field: problem.keys.join(', ') }, options)
    case 'custom': {
      // A rule with words of its own (rule-words.ts); a form may still word it itself.
      const rule = ruleProblemOf(problem.params)
      return rule ? ruleWords(rule, field, locale) : m.validation_invalid({ field }, options)
    }
    default:
      return m.validation_invalid({ field }, options)
  }
}

/** The top-level field an issue is about ('' for the object itself). */
export function issueField(issue: z.core.$ZodIssue): string {
  const [first] = issue.path
  return first === undefined ? '' : String(first)
}

function hasText(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== ''
}

// The value an issue is about; undefined where the path leaves the input.
const valueAt = (input: unknown, path: ReadonlyArray<PropertyKey>): unknown =>
  path.reduce<unknown>((current, key) => (typeof current === 'object' && current !== null ? Reflect.get(current, key) : undefined), input)
