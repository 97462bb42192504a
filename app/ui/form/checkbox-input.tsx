import { Checkbox } from '@ark-ui/react/checkbox'
import { css } from '../../../styled-system/css'
import { FieldFrame } from './field-frame'
import { useFieldContext } from './form-context'

/** The box of a checkbox (also for lists of checkboxes built on Ark's Checkbox). */
export const checkboxBoxClass = css({
  w: '5',
  h: '5',
  flexShrink: 0,
  border: '2px solid',
  borderColor: 'accent',
  borderRadius: 'sm',
  display: 'grid',
  placeItems: 'center',
  bg: 'bg',
  color: 'white',
  _checked: { bg: 'accent' },
  _invalid: { borderColor: 'danger.700' },
  '[data-part=root]:has(input:focus-visible) &': { outline: '3px solid', outlineColor: 'focus', outlineOffset: '2px' },
})

/** A yes/no field; the label sits beside the box and is the control's name. */
export function CheckboxInput({ label, hint, required, disabled }: { label: string; hint?: string; required?: boolean; disabled?: boolean }) {
  const field = useFieldContext<boolean>()
  return (
    <FieldFrame label={label} hint={hint} required={required} disabled={disabled} inlineLabel>
      {(ids) => (
        <Checkbox.Root
          name={field.name}
          checked={field.state.value}
          onCheckedChange={(details) => field.handleChange(details.checked === true)}
          invalid={ids.invalid}
          disabled={disabled}
          className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', cursor: 'pointer', _disabled: { cursor: 'not-allowed', opacity: 0.6 } })}
        >
          <Checkbox.Control className={checkboxBoxClass}>
            <Checkbox.Indicator aria-hidden>✓</Checkbox.Indicator>
          </Checkbox.Control>
          <Checkbox.Label>{label}</Checkbox.Label>
          <Checkbox.HiddenInput data-field={field.name} aria-describedby={ids.describedBy} onBlur={field.handleBlur} />
        </Checkbox.Root>
      )}
    </FieldFrame>
  )
}
