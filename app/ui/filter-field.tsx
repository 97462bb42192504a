import { css } from '../../styled-system/css'
import { input } from '../../styled-system/recipes'
import { useUrlField } from './use-url-field'

// A labelled free-text filter whose value reaches the URL once typing has settled.
export const fieldClass = input()

export function FilterField({
  label,
  value,
  onCommit,
  delayMs,
  inputMode,
  placeholder,
}: {
  label: string
  value: string
  onCommit: (value: string) => void
  delayMs: number
  inputMode?: 'numeric' | 'decimal' | 'email' | 'text'
  placeholder?: string
}) {
  const [text, setText] = useUrlField(value, onCommit, delayMs)
  return (
    <label className={css({ display: 'grid', gap: '1', minW: '0' })}>
      {label}
      <input
        type="search"
        value={text}
        maxLength={200}
        inputMode={inputMode}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
        className={fieldClass}
      />
    </label>
  )
}
