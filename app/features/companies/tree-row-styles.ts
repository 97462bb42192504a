import { css } from '../../../styled-system/css'
import { button } from '../../../styled-system/recipes'

// The look of a companies tree row, shared by the interactive row (tree-row.tsx) and the one
// rendered on the server before the tree view takes over (tree-row-static.tsx).
export const INDENT_PX = 40

export const rowClass = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: '3',
  rowGap: '1',
  py: '1',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'border',
  '&[data-hit=true]': { bg: 'warning.100' },
})
// The part that names the company: the branch's control, or the leaf's indicator and text.
export const nodeClass = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '2',
  // On a phone the row's one menu button stays beside the name; from md up the buttons wrap below it.
  flex: { base: '1 1 0', md: '1 1 16rem' },
  minW: '0',
  minH: '10',
  py: '1',
  px: '1',
  borderRadius: 'control',
})
export const focusClass = css({
  cursor: 'pointer',
  outline: 'none',
  _focusVisible: { outline: '3px solid', outlineColor: 'accent', outlineOffset: '1px' },
  '&[data-selected]': { bg: 'bg.subtle' },
})
export const indicatorClass = css({ flexShrink: 0, w: '5', textAlign: 'center', transition: 'rotate 150ms', '&[data-state=open]': { rotate: '90deg' } })
/** The arrow inside the indicator, as wide as it: what a pointer rests on for the tooltip. */
export const toggleClass = css({ display: 'block' })
export const actionClass = button({ variant: 'secondary', size: 'sm' })
export const textClass = css({ minW: '0' })
export const actionsClass = css({ display: 'flex', gap: '2', flexWrap: 'wrap', ml: 'auto' })
export const placeholderClass = css({ color: 'fg.muted', fontStyle: 'italic' })
