import type { z } from 'zod'
import { issueField, issueProblem, problemText, type IssueProblem } from '../../../src/contract/issue-problem'
import { formProblem, type FormProblem } from './form-problem'

/** A form's own words for some problems of a field; undefined falls back to the generic words. */
export type FieldWords = (problem: IssueProblem, value: unknown) => string | undefined

/**
 * Checks the values with the contract's schema and answers one problem per field (the first),
 * as TanStack Form's form-level validators do: `{ fields }`, or undefined when all is well.
 */
export function fieldProblems(
  schema: z.ZodType,
  values: Record<string, unknown>,
  labels: Record<string, () => string>,
  words: Record<string, FieldWords | undefined>,
): { fields: Record<string, FormProblem> } | undefined {
  const parsed = schema.safeParse(values)
  if (parsed.success) return undefined
  const fields: Record<string, FormProblem> = {}
  for (const issue of parsed.error.issues) {
    const name = issueField(issue)
    if (name in fields) continue
    const problem = issueProblem(issue, values)
    const value = values[name]
    const own = words[name]
    const label = labels[name] ?? (() => name)
    fields[name] = formProblem(() => own?.(problem, value) ?? problemText(problem, label()))
  }
  return { fields }
}
