import { css } from '../../styled-system/css'

/** The popup of a menu (the user menu, a list's row menu): a card above the page. */
export const menuContentClass = css({
  bg: 'bg',
  color: 'fg',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'card',
  boxShadow: 'lg',
  py: '1',
  minW: '14rem',
  maxW: 'calc(100vw - 1rem)',
  zIndex: 'dropdown',
  outline: 'none',
})
