import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'

// Source and target language pickers of the translation screens (placeholder 'Select a language').
export const controlClass = css({ minH: '10', px: '2', border: '1px solid', borderColor: 'border', borderRadius: 'control', bg: 'bg', font: 'inherit', minW: '0' })

export function LanguagePicker({ label, value, choices, onChange }: { label: string; value: string; choices: ReadonlyArray<[string, string]>; onChange: (code: string) => void }) {
  return (
    <label className={css({ display: 'grid', gap: '1', fontSize: 'sm' })}>
      {label}
      <select value={value} onChange={(event) => event.target.value && onChange(event.target.value)} className={controlClass}>
        <option value="" disabled>{m.translation_select_language()}</option>
        {choices.map(([code, name]) => <option key={code} value={code}>{name}</option>)}
      </select>
    </label>
  )
}
