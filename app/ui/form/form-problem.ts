// What a form holds as an error: words made when they are shown, so a language switch
// translates a message already on screen. Server messages come in the caller's language and
// are shown as they came.
export type FormProblem = { text: () => string }

export function formProblem(text: () => string): FormProblem {
  return { text }
}

function isFormProblem(value: unknown): value is FormProblem {
  return typeof value === 'object' && value !== null && 'text' in value && typeof value.text === 'function'
}

/** The first problem among a field's or a form's errors, as text (null: none). */
export function firstProblemText(errors: ReadonlyArray<unknown>): string | null {
  const found = errors.find(isFormProblem)
  return found ? found.text() : null
}
