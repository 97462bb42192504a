import { css } from '../../../styled-system/css'

/** A button that reads as a link inside a line of text (the save bar's notices, the title bar's count). */
export const linkButtonClass = css({
  textDecoration: 'underline',
  bg: 'transparent',
  border: 'none',
  p: '0',
  font: 'inherit',
  color: 'inherit',
  cursor: 'pointer',
})
