import { defineGlobalStyles } from '@pandacss/dev'

export const globalCss = defineGlobalStyles({
  'html, body': { fontFamily: 'body', color: 'fg', bg: 'bg', lineHeight: '1.5' },
  // Keyboard focus is always visible.
  ':focus-visible': { outline: '3px solid', outlineColor: 'focus', outlineOffset: '2px' },
  // Spinners and other motion stop for people who asked their system for less of it.
  '@media (prefers-reduced-motion: reduce)': { '*, *::before, *::after': { animationDuration: '0s !important', animationIterationCount: '1 !important' } },
})
