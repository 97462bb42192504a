import { Field } from '@ark-ui/react/field'
import { useState, type HTMLAttributes } from 'react'
import { m } from '../../../src/paraglide/messages'
import { input } from '../../../styled-system/recipes'
import { FieldFrame } from './field-frame'
import { useFieldContext } from './form-context'
import { passwordRowClass, passwordToggleClass } from './password-row'

type TextInputProps = {
  label: string
  hint?: string
  required?: boolean
  disabled?: boolean
  type?: 'text' | 'email' | 'password' | 'search'
  autoComplete?: string
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode']
  maxLength?: number
  autoFocus?: boolean
  className?: string
}

/** A text input bound to its form field (inside `form.AppField`). */
export function TextInput({ label, hint, required, disabled, className, ...rest }: TextInputProps) {
  const field = useFieldContext<string>()
  return (
    <FieldFrame label={label} hint={hint} required={required} disabled={disabled}>
      {(ids) => (
        <Field.Input
          {...rest}
          name={field.name}
          data-field={field.name}
          value={field.state.value}
          onChange={(event) => field.handleChange(event.target.value)}
          onBlur={field.handleBlur}
          aria-describedby={ids.describedBy}
          className={className ? `${input()} ${className}` : input()}
        />
      )}
    </FieldFrame>
  )
}

/** A password with a show/hide toggle (typing a long password on a phone without seeing it is error-prone). */
export function PasswordInput({
  label,
  hint,
  required,
  disabled,
  autoComplete = 'current-password',
  defaultShown = false,
}: Omit<TextInputProps, 'type' | 'inputMode'> & { defaultShown?: boolean }) {
  const field = useFieldContext<string>()
  const [shown, setShown] = useState(defaultShown)
  return (
    <FieldFrame label={label} hint={hint} required={required} disabled={disabled}>
      {(ids) => (
        <div className={passwordRowClass}>
          <Field.Input
            type={shown ? 'text' : 'password'}
            name={field.name}
            data-field={field.name}
            autoComplete={autoComplete}
            value={field.state.value}
            onChange={(event) => field.handleChange(event.target.value)}
            onBlur={field.handleBlur}
            aria-describedby={ids.describedBy}
            className={input()}
          />
          <button type="button" aria-pressed={shown} aria-controls={ids.control} className={passwordToggleClass} onClick={() => setShown((now) => !now)}>
            {m.form_password_show()}
          </button>
        </div>
      )}
    </FieldFrame>
  )
}
