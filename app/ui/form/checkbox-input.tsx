import { Field } from '@ark-ui/react/field'
import { css } from '../../../styled-system/css'
import { FieldFrame } from './field-frame'
import { useFieldContext } from './form-context'

// Yes/no fields are the browser's own checkbox, in the accent colour
// (docs/decisions/035-page-weight.md: Ark's checkbox machine was 3.7 KB gzip on every screen with
// one; the browser's box is as accessible and needs no script to be a checkbox).

/** The box of a checkbox (also for lists of checkboxes, as the company's lines). */
export const checkboxBoxClass = css({
  w: '5',
  h: '5',
  m: '0',
  flexShrink: 0,
  accentColor: 'accent',
  cursor: 'inherit',
  '&[aria-invalid=true]': { outline: '2px solid', outlineColor: 'danger.700', outlineOffset: '1px' },
  _focusVisible: { outline: '3px solid', outlineColor: 'focus', outlineOffset: '2px' },
})

/** The label around a box and its text: the whole of it toggles the box. */
export const checkboxLabelClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  cursor: 'pointer',
  '&:has(input:disabled)': { cursor: 'not-allowed', opacity: 0.6 },
})

/** A yes/no field; the label sits beside the box and is the control's name. */
export function CheckboxInput({ label, hint, required, disabled }: { label: string; hint?: string; required?: boolean; disabled?: boolean }) {
  const field = useFieldContext<boolean>()
  return (
    <FieldFrame label={label} hint={hint} required={required} disabled={disabled} inlineLabel>
      {(ids) => (
        <label className={checkboxLabelClass}>
          <Field.Input
            type="checkbox"
            name={field.name}
            data-field={field.name}
            checked={field.state.value}
            onChange={(event) => field.handleChange(event.target.checked)}
            onBlur={field.handleBlur}
            aria-describedby={ids.describedBy}
            className={checkboxBoxClass}
          />
          <span>{label}</span>
        </label>
      )}
    </FieldFrame>
  )
}
