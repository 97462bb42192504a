import { useId } from 'react'
import { m } from '../../src/paraglide/messages'
import { css } from '../../styled-system/css'
import { useLocale } from './locale'
import { secondaryButtonClass } from './page'

// A file picker in the page's language: the native input stays (keyboard, screen readers,
// drag and drop onto it) but is visually hidden behind a button-styled label and the chosen
// file's name. The input is cleared after each choice, so choosing the same file again (after
// fixing it in a spreadsheet) runs again.
export function FileField({ label, accept, file, disabled = false, onChoose }: {
  label: string
  accept: string
  file: File | null
  disabled?: boolean
  onChoose: (file: File | null) => void
}) {
  useLocale()
  const id = useId()
  return (
    <div className={css({ display: 'grid', gap: '1', minW: '0' })}>
      <span id={`${id}-label`}>{label}</span>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', minW: '0' })}>
        <label
          className={`${secondaryButtonClass} ${css({ cursor: disabled ? 'not-allowed' : 'pointer', opacity: disabled ? 0.6 : 1, _focusWithin: { outline: '2px solid', outlineColor: 'accent', outlineOffset: '2px' } })}`}
        >
          {m.file_choose()}
          <input
            type="file"
            aria-labelledby={`${id}-label`}
            aria-describedby={`${id}-name`}
            accept={accept}
            disabled={disabled}
            className={css({ srOnly: true })}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null
              event.target.value = ''
              if (chosen) onChoose(chosen)
            }}
          />
        </label>
        <span id={`${id}-name`} className={css({ color: file ? 'fg' : 'fg.muted', overflowWrap: 'anywhere', minW: '0' })}>
          {file ? file.name : m.file_none()}
        </span>
      </div>
    </div>
  )
}
