import { Select, createListCollection } from '@ark-ui/react/select'
import { useMemo } from 'react'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { input } from '../../../styled-system/recipes'
import { FieldFrame } from './field-frame'
import { useFieldContext } from './form-context'

/** A choice as the API sends it (`_choices`, `_default`): `[id or code, label]`. */
export type Choice = readonly [string | number, string]

const contentClass = css({
  bg: 'bg',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'control',
  boxShadow: 'lg',
  py: '1',
  maxH: '72',
  overflowY: 'auto',
  zIndex: 'dropdown',
  _focusVisible: { outline: 'none' },
})
const itemClass = css({
  display: 'flex',
  justifyContent: 'space-between',
  gap: '2',
  px: '3',
  py: '2',
  cursor: 'pointer',
  _highlighted: { bg: 'bg.subtle' },
  _checked: { fontWeight: 'semibold' },
})

/**
 * One of the API's choices. With one choice or none there is nothing to choose, so it is
 * disabled (spec section 5: region, discount group and assortment). The field holds the id as text.
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
  const collection = useMemo(() => createListCollection({ items: choices.map(([value, text]) => ({ value: String(value), label: text })) }), [choices])
  const disabled = choices.length <= 1
  return (
    <FieldFrame label={label} hint={hint} required={required} disabled={disabled}>
      {(ids) => (
        <Select.Root
          collection={collection}
          name={field.name}
          value={field.state.value === '' ? [] : [field.state.value]}
          onValueChange={(details) => field.handleChange(details.value[0] ?? '')}
          onInteractOutside={() => field.handleBlur()}
          disabled={disabled}
          invalid={ids.invalid}
          positioning={{ sameWidth: true }}
        >
          <Select.Control>
            <Select.Trigger data-field={field.name} aria-labelledby={ids.label} aria-describedby={ids.describedBy} className={input({ kind: 'select' })}>
              <Select.ValueText placeholder={placeholder ?? m.form_select_placeholder()} />
              <Select.Indicator aria-hidden>▾</Select.Indicator>
            </Select.Trigger>
          </Select.Control>
          <Select.Positioner>
            <Select.Content className={contentClass}>
              {collection.items.map((item) => (
                <Select.Item key={item.value} item={item} className={itemClass}>
                  <Select.ItemText>{item.label}</Select.ItemText>
                  <Select.ItemIndicator aria-hidden>✓</Select.ItemIndicator>
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Positioner>
          <Select.HiddenSelect />
        </Select.Root>
      )}
    </FieldFrame>
  )
}

/** The default of a choice field: the `_default` pair's id, or the only choice there is. */
export function choiceDefault(choices: ReadonlyArray<Choice>, fallback: Choice | null | undefined): string {
  if (fallback) return String(fallback[0])
  return choices.length === 1 && choices[0] ? String(choices[0][0]) : ''
}
