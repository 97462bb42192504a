import { Field } from '@ark-ui/react/field'
import { m } from '../../../src/paraglide/messages'
import { css, cx } from '../../../styled-system/css'
import { input } from '../../../styled-system/recipes'
import { FieldFrame } from './field-frame'
import { useFieldContext } from './form-context'

/** A choice as the API sends it (`_choices`, `_default`): `[id or code, label]`. */
export type Choice = readonly [string | number, string]

// The browser's select keeps a line height of its own: its height is set to a text input's
// (a 24 px line, 8 px padding, the 1 or 2 px border).
const selectClass = cx(
  input(),
  css({ cursor: 'pointer', h: '2.625rem', '&[aria-invalid=true], &[data-invalid]': { h: '2.75rem' }, _disabled: { cursor: 'not-allowed' } }),
)

/**
 * One of the API's choices, as the browser's own select (Ark's Field wires its id, label,
 * aria-invalid, required and disabled): the keyboard, screen readers and a phone's picker as
 * every site has them, and no script of its own (docs/decisions/035-page-weight.md: Ark's select
 * machine, its positioning and dismissal were 33 KB gzip on every screen with a form that chooses).
 * With one choice or none there is nothing to choose, so it is disabled (region, discount group and
 * assortment). The field holds the id as text; until one is chosen the select shows "Please
 * choose".
 */
export function SelectInput({
  label,
  hint,
  choices,
  required,
  placeholder,
}: {
  label: string
  hint?: string
  choices: ReadonlyArray<Choice>
  required?: boolean
  placeholder?: string
}) {
  const field = useFieldContext<string>()
  const disabled = choices.length <= 1
  return (
    <FieldFrame label={label} hint={hint} required={required} disabled={disabled}>
      {(ids) => (
        <Field.Select
          name={field.name}
          data-field={field.name}
          aria-describedby={ids.describedBy}
          value={field.state.value}
          onChange={(event) => field.handleChange(event.target.value)}
          onBlur={() => field.handleBlur()}
          className={selectClass}
        >
          {field.state.value === '' ? (
            <option value="" disabled>
              {placeholder ?? m.form_select_placeholder()}
            </option>
          ) : null}
          {choices.map(([value, text]) => (
            <option key={String(value)} value={String(value)}>
              {text}
            </option>
          ))}
        </Field.Select>
      )}
    </FieldFrame>
  )
}

/** The default of a choice field: the `_default` pair's id, or the only choice there is. */
export function choiceDefault(choices: ReadonlyArray<Choice>, fallback: Choice | null | undefined): string {
  if (fallback) return String(fallback[0])
  return choices.length === 1 && choices[0] ? String(choices[0][0]) : ''
}
