import { css } from '../../../styled-system/css'

/** The look of both text editors' textarea (the list's inline field and the entry editor). */
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
