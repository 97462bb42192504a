import { createFormHook, revalidateLogic } from '@tanstack/react-form'
import { useEffect, useRef } from 'react'
import type { z } from 'zod'
import { messagesOf } from '../call-result'
import { once, whenFirstUsed } from '../lazy-part'
import type { FieldWords, fieldProblems } from './field-problems'
import { FormAlert, FormFrame, SubmitButton } from './form-parts'
import { fieldContext, formContext } from './form-context'
import { failureErrors, type FormProblems, type SubmitFailure } from './server-failure'
import { PasswordInput, TextInput } from './text-input'

// The portal's form hook (TanStack Form composition): fields render with the form layer's
// components (`form.AppField` → `field.TextInput`), the form with `form.AppForm` → `form.Frame`.
// Select, checkbox and file fields (Ark machines) are imported by the forms that have them and
// used inside `form.AppField` the same way (they read the field's context): registered here,
// every form, the login too, would load them (docs/decisions/035-page-weight.md).
const { useAppForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextInput, PasswordInput },
  formComponents: { Frame: FormFrame, SubmitButton, Alert: FormAlert },
})

type Values = Record<string, unknown>

type Schema<TValues extends Values, TOut> = z.ZodType<TOut, TValues>

export type ZodFormOptions<TValues extends Values, TOut> = {
  /**
   * The contract's schema (picked or extended): the browser checks what the server checks. Given
   * as a function that imports it, it leaves the screen's first load (with zod and the contract
   * module) and is fetched at the first tap, key or focus on the page, or at the first submit.
   */
  schema: Schema<TValues, TOut> | (() => Promise<Schema<TValues, TOut>>)
  defaultValues: TValues
  /** Field labels for the generic words ("{field} is a required field."). */
  labels: { [K in keyof TValues]?: () => string }
  /** A form's own words for some problems (e.g. "Please enter the basket number."). */
  words?: { [K in keyof TValues]?: FieldWords }
  /** Sends the parsed values; answers nothing when it worked, else the server's refusal. */
  onSubmit: (value: TOut) => Promise<SubmitFailure<Extract<keyof TValues, string>> | void>
}

/**
 * A form whose rules are a contract schema: checked on submit, then again on every change
 * (so a message goes as soon as it is fixed); the server's refusal lands on its field or on
 * the form. `form.Frame` focuses the first field with a problem and sends once at a time.
 */
export function useZodForm<TValues extends Values, TOut>({ schema, defaultValues, labels, words = {}, onSubmit }: ZodFormOptions<TValues, TOut>) {
  const labelOf: Record<string, () => string> = {}
  for (const [name, label] of Object.entries(labels)) if (typeof label === 'function') labelOf[name] = () => String(label())
  const wordsOf: Record<string, FieldWords | undefined> = { ...words }
  // The checks (the schema, and the module that words zod's issues) are loaded apart from the
  // screen; until they are here, the form's validator lets a submit through to onSubmit, which
  // waits for them and refuses in the same words (docs/decisions/035-page-weight.md).
  const checks = useRef<Checks<TValues, TOut> | null>(null)
  const loadChecks = useRef<() => Promise<Checks<TValues, TOut>>>(null)
  loadChecks.current ??= onceChecks(schema, (loaded) => (checks.current = loaded))
  useEffect(() => whenFirstUsed(() => void loadChecks.current?.().catch(() => undefined)), [])
  const problemsOf = (loaded: Checks<TValues, TOut>, value: TValues) => loaded.fieldProblems(loaded.schema, value, labelOf, wordsOf)
  return useAppForm({
    defaultValues,
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    // The server's refusal is kept as a dynamic result too: the next change or submit replaces it.
    validators: { onDynamic: ({ value }): FormProblems | undefined => (checks.current ? problemsOf(checks.current, value) : undefined) },
    onSubmit: async ({ value, formApi }) => {
      let failure: SubmitFailure | void
      try {
        const loaded = checks.current ?? (await loadChecks.current!())
        const parsed = loaded.schema.safeParse(value)
        if (!parsed.success) {
          const problems = problemsOf(loaded, value)
          if (problems) formApi.setErrorMap({ onDynamic: problems })
          return
        }
        failure = await onSubmit(parsed.data)
      } catch (error) {
        failure = { messages: messagesOf(error), field: null }
      }
      if (failure) formApi.setErrorMap({ onDynamic: failureErrors(failure, value) })
    },
  })
}

type Checks<TValues extends Values, TOut> = { schema: Schema<TValues, TOut>; fieldProblems: typeof fieldProblems }

/** Loads the schema and the issue words once; a failed fetch is tried again on the next call. */
function onceChecks<TValues extends Values, TOut>(
  schema: ZodFormOptions<TValues, TOut>['schema'],
  loaded: (checks: Checks<TValues, TOut>) => void,
): () => Promise<Checks<TValues, TOut>> {
  return once(async () => {
    const [ready, module] = await Promise.all([typeof schema === 'function' ? schema() : schema, import('./field-problems')])
    const checks = { schema: ready, fieldProblems: module.fieldProblems }
    loaded(checks)
    return checks
  })
}

export type { SubmitFailure }
