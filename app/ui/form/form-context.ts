import { createFormHookContexts } from '@tanstack/react-form'

// The form and field contexts the form layer's components read (TanStack Form composition).
export const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts()
