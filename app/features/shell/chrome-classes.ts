import { css } from '../../../styled-system/css'

// Classes both the layout (every page) and the signed-in chrome (signed-in-menu.tsx, loaded when
// a user is signed in) draw with: a module of its own, so the layout takes these and none of
// the signed-in parts.

/** The navbar's outlined white buttons: the phone's menu toggle and the user menu's button. */
export const navbarButtonClass = css({
  alignItems: 'center',
  minH: '9',
  px: '2',
  borderRadius: 'control',
  cursor: 'pointer',
  color: 'white',
  border: '1px solid',
  borderColor: 'rgba(255,255,255,0.6)',
})

/**
 * The side menu's column on wide screens: the menu draws in it, and until its script is there
 * (the first screen after a login) the layout holds the column empty, so the screen beside it
 * does not move when the menu arrives.
 */
export const sideMenuFrameClass = css({ display: { base: 'none', lg: 'block' }, w: '15rem', flexShrink: 0, py: '6', pl: '4' })
