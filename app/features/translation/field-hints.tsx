import { hasInlineCodes } from '../../../src/domain/inline-codes'
import { m } from '../../../src/paraglide/messages'
import { css, cx } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { DESK_KEYS, type DeskKey } from './desk-keys'
import { KeyHint, noTouchClass } from './key-hint'

// The keys of a catalogue or article text, under the field being edited (decision 048): these
// fields have no buttons to carry them, and Tab goes from one text to the next.

export function FieldHints({ source }: { source: string }) {
  useLocale()
  const hints: Array<[DeskKey, string] | null> = [
    [DESK_KEYS.doneNext, m.translation_done_next()],
    [DESK_KEYS.next, m.translation_next()],
    [DESK_KEYS.prev, m.translation_prev()],
    [DESK_KEYS.copySource, m.translation_copy_source()],
    hasInlineCodes(source) ? [DESK_KEYS.insertTag, m.translation_insert_tag()] : null,
    [DESK_KEYS.save, m.translation_hint_save()],
    [DESK_KEYS.close, m.translation_hint_leave()],
  ]
  // For the eye: a screen reader hears the keys from the textarea's aria-keyshortcuts.
  return (
    <ul aria-hidden data-testid="field-hints" className={cx(listClass, noTouchClass)}>
      {hints
        .filter((hint) => hint !== null)
        .map(([keys, what]) => (
          <li key={what} className={css({ display: 'inline-flex', gap: '1', alignItems: 'baseline' })}>
            <KeyHint of={keys} />
            <span>{what}</span>
          </li>
        ))}
    </ul>
  )
}

const listClass = css({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: '3',
  rowGap: '1',
  fontSize: 'xs',
  color: 'fg.muted',
  listStyle: 'none',
  p: '0',
  m: '0',
})
