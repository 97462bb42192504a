import { z } from 'zod'
import { BASKET_NUMBER_PROBLEMS } from '../domain/basket-number'
import { m } from '../paraglide/messages'
import { approvalNumberMessage } from './approval-number-message'
import { basketNumberMessage } from './basket-number-message'
import type { Locale } from './envelope'

// Rules whose refusals have words of their own rather than "… is not correct": the basket
// number, the approval number, the company search term, a new password, a country code. The
// field's refinement adds one custom issue naming the rule and what broke it; the server
// (validation.server.ts) and the forms (issue-problem.ts) word it here, in the caller's language.

const approvalRefusal = z.discriminatedUnion('problem', [
  z.object({ ok: z.literal(false), problem: z.literal('required') }),
  z.object({ ok: z.literal(false), problem: z.literal('too_long'), length: z.number() }),
  z.object({ ok: z.literal(false), problem: z.literal('characters'), characters: z.array(z.string()) }),
])

export const ruleProblem = z.discriminatedUnion('rule', [
  z.object({ rule: z.literal('basket_number'), problem: z.enum(BASKET_NUMBER_PROBLEMS), number: z.string() }),
  z.object({ rule: z.literal('approval_number'), check: approvalRefusal }),
  z.object({ rule: z.literal('search_term'), problem: z.enum(['too_short', 'too_long']), limit: z.number() }),
  z.object({ rule: z.literal('password'), problem: z.enum(['required', 'too_short']) }),
  // offered: worded as one of the choices a form offers (my-company), else as a code.
  z.object({ rule: z.literal('country'), code: z.string(), offered: z.boolean() }),
])
export type RuleProblem = z.infer<typeof ruleProblem>

/**
 * Refuses the value by its rule. The issue ends the field's checks: the JSON Schema keywords
 * that follow the refinement (pattern, minLength, enum) only document the same rule.
 */
export function refuseByRule(context: Pick<z.RefinementCtx, 'addIssue'>, input: unknown, problem: RuleProblem): void {
  context.addIssue({ code: 'custom', input, params: problem, continue: false })
}

/** The rule's problem a custom issue carries, if it is one. */
export function ruleProblemOf(params: unknown): RuleProblem | null {
  const parsed = ruleProblem.safeParse(params)
  return parsed.success ? parsed.data : null
}

/** The words for a rule's refusal; `field` is the field's label in the same language. */
export function ruleWords(problem: RuleProblem, field: string, locale?: Locale): string {
  const options = locale ? { locale } : {}
  switch (problem.rule) {
    case 'basket_number':
      return basketNumberMessage(problem.problem, problem.number, locale)
    case 'approval_number':
      return approvalNumberMessage(problem.check, locale)
    case 'search_term':
      return problem.problem === 'too_short'
        ? m.companies_tree_search_too_short({ min: String(problem.limit) }, options)
        : m.companies_tree_search_too_long({ max: String(problem.limit) }, options)
    case 'password':
      return problem.problem === 'required' ? m.login_password_required({}, options) : m.login_password_too_short({}, options)
    case 'country':
      return problem.offered
        ? m.my_company_choice_unknown({ field, value: problem.code.slice(0, 40) }, options)
        : m.company_create_unknown_country({ code: problem.code.slice(0, 40) }, options)
  }
}
