import { createFormHook, revalidateLogic } from '@tanstack/react-form'
import type { z } from 'zod'
import { messagesOf } from '../call-result'
import { fieldProblems, type FieldWords } from './field-problems'
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

export type ZodFormOptions<TValues extends Values, TOut> = {
  /** The contract's schema (picked or extended): the browser checks what the server checks. */
  schema: z.ZodType<TOut, TValues>
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
  return useAppForm({
    defaultValues,
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    // The server's refusal is kept as a dynamic result too: the next change or submit replaces it.
    validators: { onDynamic: ({ value }): FormProblems | undefined => fieldProblems(schema, value, labelOf, wordsOf) },
    onSubmit: async ({ value, formApi }) => {
      const parsed = schema.safeParse(value)
      if (!parsed.success) return
      let failure: SubmitFailure | void
      try {
        failure = await onSubmit(parsed.data)
      } catch (error) {
        failure = { messages: messagesOf(error), field: null }
      }
      if (failure) formApi.setErrorMap({ onDynamic: failureErrors(failure, value) })
    },
  })
}

export type { SubmitFailure }
