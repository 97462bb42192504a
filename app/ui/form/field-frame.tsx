import { Field } from '@ark-ui/react/field'
import { useId, type ReactNode } from 'react'
import { field as fieldRecipe } from '../../../styled-system/recipes'
import { useLocale } from '../locale'
import { firstProblemText } from './form-problem'
import { useFieldContext } from './form-context'

export type FieldIds = { control: string; label: string; hint: string; error: string; describedBy: string | undefined; invalid: boolean }

export type FieldFrameProps = {
  label: ReactNode
  hint?: ReactNode
  required?: boolean
  disabled?: boolean
  /** The label is the control's own (a checkbox): no label above it. */
  inlineLabel?: boolean
  children: (ids: FieldIds) => ReactNode
}

// Label (with the required mark), hint and problem around one control, wired by ids: the
// control is described by the hint and, while invalid, by the problem. Ark UI's Field gives
// the control its id, aria-invalid, required and disabled.
export function FieldFrame({ label, hint, required = false, disabled = false, inlineLabel = false, children }: FieldFrameProps) {
  useLocale()
  const field = useFieldContext<unknown>()
  const id = useId()
  const problem = firstProblemText(field.state.meta.errors)
  const invalid = problem !== null
  const ids = { control: `${id}-control`, label: `${id}-label`, hint: `${id}-hint`, error: `${id}-error` }
  const describedBy = [hint ? ids.hint : null, invalid ? ids.error : null].filter(Boolean).join(' ') || undefined
  const classes = fieldRecipe()
  return (
    <Field.Root
      id={ids.control}
      ids={{ label: ids.label, helperText: ids.hint, errorText: ids.error }}
      invalid={invalid}
      required={required}
      disabled={disabled}
      className={classes.root}
    >
      {inlineLabel ? null : (
        // The mark stays outside the <label>: the control's name is the label alone ("required" is said by the control itself).
        <div className={classes.label}>
          <Field.Label>{label}</Field.Label>
          {required ? (
            <span aria-hidden className={classes.required}>
              *
            </span>
          ) : null}
        </div>
      )}
      {children({ ...ids, describedBy, invalid })}
      {hint ? <Field.HelperText className={classes.hint}>{hint}</Field.HelperText> : null}
      <Field.ErrorText role="alert" className={classes.error}>
        {problem}
      </Field.ErrorText>
    </Field.Root>
  )
}
