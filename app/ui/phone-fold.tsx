import { m } from '../../src/paraglide/messages'
import { css, cx } from '../../styled-system/css'
import { secondaryButtonClass } from './page'

// On a phone the controls above a long list fold into one bar, so the first screen shows the
// list itself; from the md breakpoint up they are always shown and the bar's button is not.
// Pure CSS on an attribute of the screen (`data-fold`), so the server renders the folded
// screen and nothing moves when the page takes over.

/** A wrapper of controls that fold away on a phone (no box of its own: `display: contents`). */
export const foldableClass = css({ display: 'contents', '[data-fold=closed] &': { display: { base: 'none', md: 'contents' } } })

/** The bar's button that shows or hides the folded controls, with what they are set to now. */
export function FoldToggle({ open, onToggle, summary, controls }: { open: boolean; onToggle: () => void; summary: string; controls: string }) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      className={cx(
        secondaryButtonClass,
        css({ display: { base: 'inline-flex', md: 'none' }, flex: '1 1 auto', justifyContent: 'flex-start', gap: '2', maxW: 'full', minW: '0', px: '3' }),
      )}
    >
      <span aria-hidden>{open ? '▴' : '▾'}</span>
      <span className={css({ whiteSpace: 'nowrap' })}>{open ? m.fold_hide_controls() : m.fold_show_controls()}</span>
      <span
        aria-hidden
        className={css({
          fontWeight: 'normal',
          color: 'fg.muted',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          flex: '1 1 0',
          w: '0',
          textAlign: 'start',
        })}
      >
        {summary}
      </span>
    </button>
  )
}
