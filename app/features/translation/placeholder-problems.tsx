import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'

// What both text editors (the list's inline field and the entry editor) share: the textarea's
// look and the line that names placeholders missing from or added to the translation.

export const translationTextareaClass = css({
  w: 'full',
  p: '2',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'control',
  font: 'inherit',
  resize: 'vertical',
  bg: 'bg',
})

export function hasPlaceholderProblems(problems: { missing: ReadonlyArray<string>; extra: ReadonlyArray<string> }): boolean {
  return problems.missing.length + problems.extra.length > 0
}

export function PlaceholderProblems({ id, problems }: { id?: string; problems: { missing: ReadonlyArray<string>; extra: ReadonlyArray<string> } }) {
  if (!hasPlaceholderProblems(problems)) return null
  return (
    <p id={id} role="status" className={css({ color: 'warning.700', fontSize: 'sm' })}>
      {problems.missing.length > 0 ? m.translation_placeholders_missing({ list: problems.missing.join(' ') }) : ''}
      {problems.missing.length > 0 && problems.extra.length > 0 ? ' · ' : ''}
      {problems.extra.length > 0 ? m.translation_placeholders_extra({ list: problems.extra.join(' ') }) : ''}
    </p>
  )
}
