import type { FormProblem } from './form-problem'

/**
 * A refused submit: the server's messages (in the caller's language) and, when known, the field
 * they are about — or, when the answer names several, the messages by field (`fields`).
 */
export type SubmitFailure<K extends string = string> = {
  messages: ReadonlyArray<string>
  field?: K | null
  fields?: Partial<Record<K, ReadonlyArray<string>>>
}

/**
 * Where a server answer lands: on the field the form names, else on the field whose typed value
 * the message quotes ("no basket 99000001", "no user x@y.de"), else on the form.
 */
export type FormProblems = { form?: FormProblem; fields: Record<string, FormProblem> }

export function failureErrors(failure: SubmitFailure, values: Record<string, unknown>): FormProblems {
  const byField = Object.entries(failure.fields ?? {}).filter(([name, texts]) => name in values && texts && texts.length > 0)
  if (byField.length > 0) {
    // Messages about no field of the form (the whole document) stay on the form.
    const placed = new Set(byField.flatMap(([, texts]) => texts ?? []))
    const rest = failure.messages.filter((message) => !placed.has(message))
    const fields = Object.fromEntries(byField.map(([name, texts]): [string, FormProblem] => [name, { text: () => (texts ?? []).join('\n') }]))
    return rest.length > 0 ? { form: { text: () => rest.join('\n') }, fields } : { fields }
  }
  const text = failure.messages.join('\n')
  const problem: FormProblem = { text: () => text }
  const field = failure.field ?? quotedField(failure.messages, values)
  return field ? { fields: { [field]: problem } } : { form: problem, fields: {} }
}

function quotedField(messages: ReadonlyArray<string>, values: Record<string, unknown>): string | null {
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== 'string') continue
    const typed = value.trim()
    if (typed.length >= 3 && messages.some((message) => message.includes(typed))) return name
  }
  return null
}
