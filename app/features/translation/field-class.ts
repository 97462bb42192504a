import { css } from '../../../styled-system/css'

/** A text's box; Esc puts the focus on it (tabIndex -1), so its outline shows where the reader is. */
export const fieldClass = css({
  display: 'grid',
  gap: '1',
  minW: '0',
  borderRadius: 'control',
  _focusVisible: { outline: '2px solid token(colors.focus)', outlineOffset: '4px' },
})

/** A catalogue or article text's box on the screen, and its field (not a comment's, which the box may hold too). */
export const FIELD_BOX = 'main [data-text-status]'
export const FIELD = `${FIELD_BOX} textarea[data-translation]`
